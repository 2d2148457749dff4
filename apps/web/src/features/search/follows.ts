/**
 * Following from search and tag pages: a tag (HTTP) and a member (the socket's follow events). Both
 * are optimistic: every cached list showing the tag or the member flips at once, and flips back with
 * the server's words if it refuses.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { Events, type SearchAnswer, type TagResult } from '@sajha/contract';
import { useLocalize, useMessages } from '../../i18n/language';
import { useOptimisticToggle, useTogglePending } from '../../lib/optimisticToggle';
import { call, Routes } from '../../lib/routesClient';
import { ask, SocketRequestError } from '../../lib/socketRequest';
import { useToast } from '../../lib/toast';
import { followOutcome } from '../privacy';
import { refusalOf, searchKeys, SearchLoadError } from './searchApi';

type Pages<P> = InfiniteData<P> | undefined;
type WithTags = { tags?: TagResult[]; tag?: TagResult };

/** Sets a tag's `followed` (and its uses, when known) wherever a list holds it. */
function putTag(client: QueryClient, name: string, change: Partial<TagResult>): void {
  const fix = (t: TagResult) => (t.name === name ? { ...t, ...change } : t);
  for (const key of [searchKeys.allResults, searchKeys.allTags, searchKeys.trending]) {
    client.setQueriesData<Pages<WithTags>>({ queryKey: key }, (data) =>
      data?.pages
        ? {
            ...data,
            pages: data.pages.map((p) => ({
              ...p,
              ...(p.tags && { tags: p.tags.map(fix) }),
              ...(p.tag && { tag: fix(p.tag) }),
            })),
          }
        : data,
    );
  }
  client.setQueriesData<{ people: unknown[]; tags: TagResult[] }>({ queryKey: ['search', 'suggest'] }, (data) =>
    data ? { ...data, tags: data.tags.map(fix) } : data,
  );
}

export function useFollowTag() {
  const { t } = useTranslation('search');
  const client = useQueryClient();
  const toast = useToast();
  const mutation = useMutation({
    mutationKey: ['search', 'followTag'],
    mutationFn: async ({ tag, follow }: { tag: TagResult; follow: boolean }) => {
      const res = await call(follow ? Routes.followTag : Routes.unfollowTag, { params: { name: tag.name } });
      if (!res.ok) throw new SearchLoadError(res.status, res.data.message);
      return res.data;
    },
    onMutate: ({ tag, follow }) => putTag(client, tag.name, { followed: follow }),
    onError: (error, { tag }) => {
      putTag(client, tag.name, { followed: tag.followed });
      toast.show({ message: refusalOf(error) ?? t('loadFailed'), type: 'error' });
    },
    onSuccess: (answer, { follow }) => {
      putTag(client, answer.tag.name, answer.tag);
      client.setQueryData<TagResult[]>(searchKeys.followedTags, (list) =>
        list
          ? follow
            ? [answer.tag, ...list.filter((t) => t.name !== answer.tag.name)]
            : list.filter((t) => t.name !== answer.tag.name)
          : list,
      );
      toast.show({ message: answer.message, type: 'success', duration: 3000 });
    },
  });
  const { mutate, isPending, variables } = mutation;
  return {
    toggle: useCallback((tag: TagResult) => mutate({ tag, follow: !tag.followed }), [mutate]),
    pendingFor: (name: string) => isPending && variables?.tag.name === name,
  };
}

const FOLLOW_PERSON = ['search', 'followPerson'] as const;

interface PersonFollow {
  /** The member's username. */
  id: string;
  follow: boolean;
}

function putFollowing(client: QueryClient, username: string, following: boolean): void {
  client.setQueriesData<Pages<SearchAnswer>>({ queryKey: searchKeys.allResults }, (data) =>
    data?.pages
      ? {
          ...data,
          pages: data.pages.map((p) => ({
            ...p,
            people: p.people.map((u) => (u.username === username ? { ...u, following } : u)),
          })),
        }
      : data,
  );
}

export function useFollowPerson() {
  const client = useQueryClient();
  const toast = useToast();
  const localize = useLocalize();
  const m = useMessages();
  return useOptimisticToggle({
    key: FOLLOW_PERSON,
    // Followed, asked a private member (issue 38), unfollowed, or took a request back; else refused.
    send: async (socket, { id, follow }: PersonFollow) => {
      const { message } = await ask(socket, follow ? Events.follow : Events.unfollow, { username: id });
      const outcome = followOutcome(message, follow);
      if (!outcome) throw new SocketRequestError(message);
      return outcome;
    },
    apply: (_client, { id, follow }) => {
      putFollowing(client, id, follow);
      return () => putFollowing(client, id, !follow);
    },
    // A request is not a follow: the result reads Follow again. Profiles and friend lists load again when next shown.
    settle: (_client, { id }, outcome) => {
      if (outcome === 'requested') putFollowing(client, id, false);
      void client.invalidateQueries({ queryKey: ['people'] });
    },
    refusal: (message) => ({ message: localize(message), type: 'error' }),
    // The words the friends screen shows for the same act.
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

export const useFollowPersonPending = (username: string) => useTogglePending(FOLLOW_PERSON, username);
