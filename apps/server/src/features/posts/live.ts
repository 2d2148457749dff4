/**
 * Live posts for the screens that are open: a feed hears that someone posted (the `feed` room, joined
 * while a feed is on screen), not every socket. Live comments are features/comments (`comments:{id}`).
 */
import { Events, type PostCategory, type PostDto } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import type { SocketModule } from '../../realtime/index.js';
import { blockedWith } from '../people/index.js';

export const FEED_ROOM = 'feed';

declare module '../../events/bus.js' {
  interface DomainEvents {
    /** `hiddenFrom`: members on either side of a block with the author; their feeds never show the post. */
    'post.created': { authorId: string; post_id: string; category: PostCategory | null; hiddenFrom: string[] };
  }
}

export function livePostsSocketModule(): SocketModule {
  return {
    handlers: {
      [Events.watchFeed]: (_args, socket) => socket.join(FEED_ROOM),
      [Events.unwatchFeed]: (_args, socket) => socket.leave(FEED_ROOM),
    },
  };
}

/**
 * States that a post arrived; open feeds hear of it (publish.ts), not the author's own tabs, nor members
 * across a block from the author (their feed leaves the post out, so "1 new post" would show nothing).
 */
export function announceNewPost(deps: AppDeps, authorId: string, post: Pick<PostDto, 'post_id' | 'category'>): void {
  const fact = { authorId, post_id: post.post_id, category: post.category ?? null };
  // Not awaited by the request: the post is saved and answered whatever happens to the announcement.
  void blockedWith(deps.db, authorId)
    .then((hiddenFrom) => deps.bus.publish('post.created', { ...fact, hiddenFrom }, { by: authorId }))
    .catch((err: unknown) => deps.log.error({ err }, 'announcing a new post failed'));
}
