/**
 * Follow and block, on the people caches (queries.ts). Follow is an optimistic toggle: the button and
 * the follower count move at once, in every cached profile, list and search result, and move back
 * with the catalogue's "Error" toast if the server says otherwise. Following a private account asks
 * (issue 38): the button reads "Requested" (the count stays), and the same button takes the request back.
 */
import { useCallback } from 'react';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Events, type FriendRow, type ProfileDto } from '@sajha/contract';
import { useLocalize, useMessages } from '../../i18n/language';
import { useOptimisticToggle, useTogglePending } from '../../lib/optimisticToggle';
import { useConnectedSocket } from '../../lib/realtime';
import { ask, errorMessage, SocketRequestError } from '../../lib/socketRequest';
import type { MainSocket } from '../../lib/socketTypes';
import { useToast } from '../../lib/toast';
import { followOutcome, type FollowOutcome } from '../privacy';
import { peopleKeys, updateCachedProfile, updateCachedRows, type FriendLists } from './queries';

export const FOLLOW = ['people', 'follow'] as const;

export interface FollowVariables {
  /** The member's username. */
  id: string;
  follow: boolean;
  /** Their row, when the click came from a list: a new follow joins my Following list. */
  row?: FriendRow;
}

/** The refusal toast: "Error" and the server's text, both in the member's language. */
function useErrorToast() {
  const { t } = useTranslation('people');
  const localize = useLocalize();
  return useCallback(
    (message: string) => ({
      title: t('errors.title'),
      message: localize(message),
      type: 'error' as const,
      duration: 3000,
    }),
    [t, localize],
  );
}

/** A row of a list: `requested` is ours, set when a follow from the row asked a private member. */
export type ListedMember = FriendRow & { requested?: boolean };

/** What the server did: followed, asked (a private member), unfollowed, withdrew; else it refused. */
async function sendFollow(socket: MainSocket, { id, follow }: FollowVariables): Promise<FollowOutcome> {
  const { message } = await ask(socket, follow ? Events.follow : Events.unfollow, { username: id });
  const outcome = followOutcome(message, follow);
  if (!outcome) throw new SocketRequestError(message);
  return outcome;
}

/** A profile as a follow leaves it, guessed before the answer: a private account is asked, not followed. */
function guessFollow(p: ProfileDto, follow: boolean): ProfileDto {
  if (follow && p.private && !p.following) return { ...p, requested: true };
  if (!follow && p.requested && !p.following) return { ...p, requested: false };
  if (p.following === follow) return p;
  return {
    ...p,
    following: follow,
    counts: { ...p.counts, followers: Math.max(0, p.counts.followers + (follow ? 1 : -1)) },
  };
}

/** Sets the follow in every cache; returns what puts each place back as it was. */
function applyFollow(client: QueryClient, { id, follow }: FollowVariables): () => void {
  let before: Pick<ProfileDto, 'following' | 'requested' | 'counts'> | undefined;
  updateCachedProfile(client, id, (p) => {
    before ??= { following: p.following, requested: p.requested, counts: p.counts };
    return guessFollow(p, follow);
  });
  let rowBefore: Pick<ListedMember, 'following' | 'requested'> | undefined;
  updateCachedRows(client, id, (row: ListedMember) => {
    rowBefore ??= { following: row.following, requested: row.requested };
    return { ...row, following: follow, requested: false };
  });
  return () => {
    if (before) {
      const { following, requested, counts } = before;
      updateCachedProfile(client, id, (p) => ({ ...p, following, requested, counts }));
    }
    if (rowBefore) {
      const { following, requested } = rowBefore;
      updateCachedRows(client, id, (row) => ({ ...row, following, requested }));
    }
  };
}

/** Writes what the server did over the guess (a member the cache did not know as private was asked). */
function settleFollow(client: QueryClient, { id }: FollowVariables, outcome: FollowOutcome): void {
  if (outcome === 'requested' || outcome === 'withdrawn') {
    const requested = outcome === 'requested';
    updateCachedProfile(client, id, (p) => ({
      ...p,
      requested,
      following: false,
      // The guess counted a follow that is only a request: take it back.
      counts: p.following ? { ...p.counts, followers: Math.max(0, p.counts.followers - 1) } : p.counts,
    }));
    updateCachedRows(client, id, (row) => ({ ...row, following: false, requested }));
  } else if (outcome === 'unfollowed') {
    // A private account's posts and lists close again to a former follower.
    updateCachedProfile(client, id, (p) => (p.private && !p.self ? { ...p, locked: true } : p));
  }
}

/** A new follow made from a row joins my Following list at once (an unfollowed row stays until the next load). */
function joinMyFollowing(client: QueryClient, { follow, row }: FollowVariables): void {
  if (!follow || !row) return;
  client.setQueryData<FriendLists>(peopleKeys.listsOf(''), (l) =>
    l && !l.following.some((r) => r.id === row.id)
      ? { ...l, following: [{ ...row, following: true }, ...l.following] }
      : l,
  );
}

export function useFollow(): (variables: FollowVariables) => void {
  const toast = useToast();
  const errorToast = useErrorToast();
  const m = useMessages();
  return useOptimisticToggle({
    key: FOLLOW,
    send: sendFollow,
    apply: applyFollow,
    settle: (client, variables, outcome) => {
      settleFollow(client, variables, outcome);
      if (outcome === 'followed') joinMyFollowing(client, variables);
    },
    refusal: errorToast,
    onSuccess: (outcome) =>
      toast.show(
        outcome === 'followed'
          ? { message: m.Messages.friends.added, type: 'success', duration: 3000 }
          : outcome === 'requested'
            ? { message: m.PrivacyText.requested, type: 'success', duration: 3000 }
            : outcome === 'withdrawn'
              ? { message: m.PrivacyText.requestWithdrawn, type: 'normal', duration: 3000 }
              : { message: m.Messages.friends.removed, type: 'error', duration: 3000 },
      ),
  });
}

export const useFollowPending = (username: string): boolean => useTogglePending(FOLLOW, username);

/** Block and unblock (ours), with a toast either way; resolves true on success. */
export function useBlock(): (username: string, block: boolean) => Promise<boolean> {
  const socket = useConnectedSocket();
  const client = useQueryClient();
  const toast = useToast();
  const errorToast = useErrorToast();
  const { t } = useTranslation('people');
  const m = useMessages();
  const localize = useLocalize();
  const { mutateAsync } = useMutation({
    mutationFn: async ({ username, block }: { username: string; block: boolean }) => {
      if (!socket) throw new SocketRequestError(t('errors.notConnected'));
      return ask(socket, block ? Events.blockUser : Events.unblockUser, { username });
    },
    onSuccess: ({ message }) => {
      toast.show({ message: localize(message), type: 'success', duration: 3000 });
      // Lists and profiles change with a block (follows end): they load again when next shown.
      void client.invalidateQueries({ queryKey: peopleKeys.lists });
    },
    onError: (error) => toast.show(errorToast(errorMessage(error, m.PeopleMessages.notFound))),
  });
  return useCallback(
    (username: string, block: boolean) =>
      mutateAsync({ username, block }).then(
        () => true,
        () => false,
      ),
    [mutateAsync],
  );
}
