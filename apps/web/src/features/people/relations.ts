/**
 * Follow and block, on the people caches (queries.ts). Follow is an optimistic toggle: the button and
 * the follower count move at once, in every cached profile, list and search result, and move back
 * with the catalogue's "Error" toast if the server says otherwise.
 */
import { useCallback } from 'react';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { catalogueFor, Events, type FriendRow } from '@sajha/contract';
import { useLocalize, useMessages } from '../../i18n/language';
import { useOptimisticToggle, useTogglePending } from '../../lib/optimisticToggle';
import { useConnectedSocket } from '../../lib/realtime';
import { ask, errorMessage, SocketRequestError } from '../../lib/socketRequest';
import type { MainSocket } from '../../lib/socketTypes';
import { useToast } from '../../lib/toast';
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

/** The server's own words for a follow done (English, as it sends them); anything else is a refusal. */
const done = catalogueFor('en').Messages.friends;

async function sendFollow(socket: MainSocket, { id, follow }: FollowVariables): Promise<void> {
  const { message } = await ask(socket, follow ? Events.follow : Events.unfollow, { username: id });
  if (message !== (follow ? done.followed : done.unfollowed)) throw new SocketRequestError(message);
}

/** Sets the follow in every cache; returns what puts each place back as it was. */
function applyFollow(client: QueryClient, { id, follow }: FollowVariables): () => void {
  let before: { following: boolean; followers: number } | undefined;
  updateCachedProfile(client, id, (p) => {
    before ??= { following: p.following, followers: p.counts.followers };
    if (p.following === follow) return p;
    return {
      ...p,
      following: follow,
      counts: { ...p.counts, followers: Math.max(0, p.counts.followers + (follow ? 1 : -1)) },
    };
  });
  updateCachedRows(client, id, (row) => ({ ...row, following: follow }));
  return () => {
    if (before) {
      const { following, followers } = before;
      updateCachedProfile(client, id, (p) => ({ ...p, following, counts: { ...p.counts, followers } }));
    }
    updateCachedRows(client, id, (row) => ({ ...row, following: !follow }));
  };
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
    settle: (client, variables) => joinMyFollowing(client, variables),
    refusal: errorToast,
    onSuccess: (_answer, { follow }) =>
      toast.show(
        follow
          ? { message: m.Messages.friends.added, type: 'success', duration: 3000 }
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
