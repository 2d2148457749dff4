/**
 * The home feed's server state: the pages of each category's feed (cached under the posts root, so a
 * like or an edit anywhere reaches them), today's spotlight and the profile-completion card.
 */
import { useCallback } from 'react';
import {
  skipToken,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { Events, FEED_CATEGORIES, type FeedCategory, type PostDto, type ServerEventPayload } from '@sajha/contract';
import { messages } from '../../i18n/prefs';
import { useConnectedSocket } from '../../lib/realtime';
import { askFor } from '../../lib/socketRequest';
import type { MainSocket } from '../../lib/socketTypes';
import { useToast } from '../../lib/toast';
import { postKeys } from '../posts';
import { nextOffset, withCreatedPost, type FeedPage, type FeedPages } from './feedPages';

export type { FeedPage, FeedPages } from './feedPages';

export type ProfileStatus = ServerEventPayload<typeof Events.profileStatus>;

export const feedKeys = {
  all: [...postKeys.all, 'feed'] as const,
  list: (category: FeedCategory) => [...postKeys.all, 'feed', category] as const,
  spotlight: ['feed', 'spotlight'] as const,
  profileStatus: ['feed', 'profileStatus'] as const,
};

/**
 * One page: posts (offset 0) or morePosts. The answer echoes category and offset, so a late page for
 * another request (the reader switched category) never answers this one.
 */
export function fetchFeedPage(socket: MainSocket, category: FeedCategory, offset: number): Promise<FeedPage> {
  const more = offset > 0;
  return askFor(
    socket,
    {
      event: more ? Events.morePosts : Events.posts,
      match: (page) => page.category === category && (page.offset ?? offset) === offset,
    },
    Events.fetchPosts,
    { offset, more, category },
  );
}

export function useFeedPages(category: FeedCategory) {
  const socket = useConnectedSocket();
  return useInfiniteQuery({
    queryKey: feedKeys.list(category),
    queryFn: socket ? ({ pageParam }) => fetchFeedPage(socket, category, pageParam) : skipToken,
    initialPageParam: 0,
    getNextPageParam: (last, _all, lastOffset) => nextOffset(last, lastOffset),
  });
}

/** The composer's way in (wired by the shell): a post created here goes on top of every loaded feed it fits. */
export function addCreatedPost(client: QueryClient, post: PostDto): void {
  for (const query of client.getQueryCache().findAll({ queryKey: feedKeys.all })) {
    const category = FEED_CATEGORIES.find((c) => c === query.queryKey[2]);
    if (category) client.setQueryData<FeedPages>(query.queryKey, (data) => withCreatedPost(data, category, post));
  }
}

export function useSpotlight() {
  const socket = useConnectedSocket();
  return useQuery({
    queryKey: feedKeys.spotlight,
    queryFn: socket ? () => askFor(socket, { event: Events.spotlightUser }, Events.getSpotlight) : skipToken,
  });
}

/** The status (undefined while loading), whether the member hid it, and hide(). */
export function useProfileStatus() {
  const socket = useConnectedSocket();
  const client = useQueryClient();
  const toast = useToast();
  const { data: status } = useQuery({
    queryKey: feedKeys.profileStatus,
    queryFn: socket ? () => askFor(socket, { event: Events.profileStatus }, Events.getProfileStatus) : skipToken,
  });
  const { mutate } = useMutation({
    mutationFn: async (s: MainSocket) => {
      const { success } = await askFor(s, { event: Events.hideProfileStatusResult }, Events.hideProfileStatus);
      if (!success) throw new Error(messages().Messages.profileStatus.hideFailed);
    },
    onSuccess: () => {
      client.setQueryData<ProfileStatus>(feedKeys.profileStatus, (s) => s && { ...s, hide_profile_status: true });
      toast.show({ message: messages().Messages.profileStatus.hidden, type: 'success' });
    },
    onError: () => toast.show({ message: messages().Messages.profileStatus.hideFailed, type: 'error' }),
  });
  const hide = useCallback(() => {
    if (socket) mutate(socket);
  }, [socket, mutate]);
  return { status: status ?? null, hidden: status?.hide_profile_status === true, hide };
}
