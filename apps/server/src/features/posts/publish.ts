/**
 * Post facts -> emits. A socket joins `post:{id}` for every post it was shown (feed pages, one post),
 * so an edit or delete reaches the screens showing that post and nobody else; the author's tabs too.
 */
import { Events } from '@sajha/contract';
import type { EventBus } from '../../events/bus.js';
import { userRoom, type IoServer } from '../../realtime/types.js';
import { FEED_ROOM } from './live.js';

export const postRoom = (postId: string): string => `post:${postId}`;

export function publishPosts(bus: EventBus, io: IoServer): void {
  bus.subscribe('post.created', ({ authorId, post_id, category, hiddenFrom }) => {
    io.to(FEED_ROOM)
      .except([authorId, ...hiddenFrom].map(userRoom))
      .emit(Events.newPost, { post_id, category });
  });
  bus.subscribe('post.mutated', ({ actorId, result }) => {
    io.to([postRoom(result.post_id), userRoom(actorId)]).emit(Events.postMutationResult, result);
  });
}
