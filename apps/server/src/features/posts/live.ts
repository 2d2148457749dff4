/**
 * Live posts and comments for the screens that are open: a feed hears that someone posted (the
 * `feed` room, joined while a feed is on screen), and a comments dialog or post page hears new
 * comments and replies (the `comments:{id}` room of the sockets with its comments open), not every socket.
 */
import { Events, type CommentDto, type PostCategory, type PostDto } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { on } from '../../realtime/handler.js';
import type { SocketModule } from '../../realtime/index.js';
import type { IoSocket } from '../../realtime/types.js';

export const FEED_ROOM = 'feed';
/**
 * Sockets with a post's comments open. Apart from `post:{id}` (every screen showing the post, which
 * hears edits and deletes): closing the comments must not stop a feed hearing that the post changed.
 */
export const commentsRoom = (postId: string): string => `comments:${postId}`;

declare module '../../events/bus.js' {
  interface DomainEvents {
    'post.created': { authorId: string; post_id: string; category: PostCategory | null };
  }
}

export function livePostsSocketModule(deps: AppDeps): SocketModule {
  return {
    register(socket) {
      on(socket, Events.watchFeed, () => socket.join(FEED_ROOM), deps.log);
      on(socket, Events.unwatchFeed, () => socket.leave(FEED_ROOM), deps.log);
      on(socket, Events.watchPost, ([postId]) => socket.join(commentsRoom(postId)), deps.log);
      on(socket, Events.unwatchPost, ([postId]) => socket.leave(commentsRoom(postId)), deps.log);
    },
  };
}

/** States that a post arrived; open feeds hear of it (publish.ts), not the author's own tabs. */
export function announceNewPost(deps: AppDeps, authorId: string, post: Pick<PostDto, 'post_id' | 'category'>): void {
  void deps.bus.publish('post.created', { authorId, post_id: post.post_id, category: post.category ?? null });
}

/** The post's new comment list to everyone else viewing it (the author of the change has it already). */
export function shareComments(socket: IoSocket, postId: string, comments: CommentDto[]): void {
  socket.to(commentsRoom(postId)).emit(Events.comments, { post_id: postId, comments });
}
