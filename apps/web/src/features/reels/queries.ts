/**
 * Reels' server state: the newest-first list in pages of 5 (getReels answers with the spec's `reels`),
 * one reel by id (a /clips/{id} link), and a reel's comments. Our reel events answer by
 * acknowledgement, typed by the contract.
 *
 * Reels that arrive live and are shown (newReel, the member's own upload) go on top of the first page:
 * the server's list has them there too, so counting every reel held gives the next page's offset.
 */
import { skipToken, useInfiniteQuery, useQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { Events, REEL_LIMITS, type CommentDto, type ReelDto, type ServerEventPayload } from '@sajha/contract';
import { useConnectedSocket } from '../../lib/realtime';
import { ask, askFor } from '../../lib/socketRequest';
import type { MainSocket } from '../../lib/socketTypes';
import type { CommentsChannel } from '../posts';

export type ReelsPage = ServerEventPayload<typeof Events.reels>;
export type ReelPages = InfiniteData<ReelsPage>;
/** likeReel's answer (the contract's likeReelAnswerSchema). */
export interface ReelLikeAnswer {
  id: string;
  liked: boolean;
  likes: number;
}

export const reelKeys = {
  list: ['reels', 'list'] as const,
  one: (id: string) => ['reels', 'one', id] as const,
  /** Where an upload of the member's stands (processing, ready, failed). */
  status: (id: string) => ['reels', 'status', id] as const,
  comments: (id: string) => ['comments', 'reel', id] as const,
};

export function dedupeReels(list: ReelDto[]): ReelDto[] {
  const seen = new Set<string>();
  return list.filter((r) => (seen.has(r.id) ? false : (seen.add(r.id), true)));
}

const heldCount = (pages: ReelsPage[]) => pages.reduce((n, page) => n + page.reels.length, 0);

export function useReelPages(enabled: boolean) {
  const socket = useConnectedSocket();
  return useInfiniteQuery({
    queryKey: reelKeys.list,
    queryFn:
      socket && enabled
        ? ({ pageParam }) => askFor(socket, { event: Events.reels }, Events.getReels, pageParam, REEL_LIMITS.pageSize)
        : skipToken,
    initialPageParam: 0,
    getNextPageParam: (last, all) => (last.hasMore ? heldCount(all) : undefined),
  });
}

export const fetchReel = async (socket: MainSocket, reelId: string): Promise<ReelDto> =>
  ask(socket, Events.getReel, { reelId });

export function useReel(reelId: string | undefined) {
  const socket = useConnectedSocket();
  return useQuery({
    queryKey: reelKeys.one(reelId ?? ''),
    queryFn: socket && reelId ? () => fetchReel(socket, reelId) : skipToken,
  });
}

export const sendReelLike = async (socket: MainSocket, reelId: string): Promise<ReelLikeAnswer> =>
  ask(socket, Events.likeReel, { reelId });

export const sendReelDelete = async (socket: MainSocket, reelId: string): Promise<void> => {
  await ask(socket, Events.deleteReel, { reelId });
};

/** Changes one reel wherever it is cached (the list and a /clips/{id} reel). */
export function updateCachedReel(client: QueryClient, id: string, fn: (reel: ReelDto) => ReelDto): void {
  client.setQueryData<ReelPages>(
    reelKeys.list,
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((p) => ({ ...p, reels: p.reels.map((r) => (r.id === id ? fn(r) : r)) })),
      },
  );
  client.setQueryData<ReelDto>(reelKeys.one(id), (reel) => reel && fn(reel));
}

export function removeCachedReel(client: QueryClient, id: string): void {
  client.setQueryData<ReelPages>(
    reelKeys.list,
    (data) => data && { ...data, pages: data.pages.map((p) => ({ ...p, reels: p.reels.filter((r) => r.id !== id) })) },
  );
  client.removeQueries({ queryKey: reelKeys.one(id), exact: true });
}

/** Puts reels shown live on top of the first page (see above); false when the list has not loaded yet. */
export function prependReels(client: QueryClient, reels: ReelDto[]): boolean {
  let done = false;
  client.setQueryData<ReelPages>(reelKeys.list, (data) => {
    const [first, ...rest] = data?.pages ?? [];
    if (!data || !first) return data;
    done = true;
    const held = new Set(data.pages.flatMap((p) => p.reels.map((r) => r.id)));
    const fresh = dedupeReels(reels).filter((r) => !held.has(r.id));
    return fresh.length === 0 ? data : { ...data, pages: [{ ...first, reels: [...fresh, ...first.reels] }, ...rest] };
  });
  return done;
}

const forReel = (reelId: string) => ({
  event: Events.reelComments,
  match: (p: { reel_id: string }) => p.reel_id === reelId,
});
const commentsOf = (p: { comments: CommentDto[] }) => p.comments;

/** The posts comments dialog, fed by the reel comment events. */
export const reelComments: CommentsChannel = {
  key: reelKeys.comments,
  fetch: (socket, reelId) => askFor(socket, forReel(reelId), Events.getReelComments, { reelId }).then(commentsOf),
  add: (socket, reelId, comment) =>
    askFor(socket, forReel(reelId), Events.addReelComment, { reelId, comment }).then(commentsOf),
  reply: (socket, reelId, commentId, reply) =>
    askFor(socket, forReel(reelId), Events.addReelCommentReply, { reelId, commentId, reply }).then(commentsOf),
  live: (id, onList) => ({
    [Events.reelComments]: (p) => {
      if (p.reel_id === id) onList(p.comments);
    },
  }),
  watch: () => () => undefined,
};

/** A member's clips (issue 37), for their profile's Clips tab and its count; `userId` is the profile's uid. */
export const memberReelsKey = (userId: string) => ['reels', 'member', userId] as const;

export function useMemberReels(userId: string | undefined) {
  const socket = useConnectedSocket();
  return useInfiniteQuery({
    queryKey: memberReelsKey(userId ?? ''),
    queryFn:
      socket && userId
        ? ({ pageParam }) =>
            ask(socket, Events.getMemberReels, { userId, offset: pageParam, limit: REEL_LIMITS.memberPageSize })
        : skipToken,
    initialPageParam: 0,
    getNextPageParam: (last, all) => (last.hasMore ? heldCount(all) : undefined),
  });
}
