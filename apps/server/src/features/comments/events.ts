/**
 * Post comments on /real (part 2 §7): fetchComments, addComment, addCommentReply, and watch_post /
 * unwatch_post, which put a socket in the post's `comments:{id}` room while its comments are open, so
 * new comments and replies reach the screens showing them, not every socket.
 */
import { Events, type CommentDto } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import type { SocketModule } from '../../realtime/index.js';
import { uidOf, type IoSocket } from '../../realtime/types.js';
import { addComment, addReply, listComments, mayWatch } from './service.js';

/**
 * Sockets with a post's comments open. Apart from `post:{id}` (every screen showing the post, which
 * hears edits and deletes): closing the comments must not stop a feed hearing that the post changed.
 */
export const commentsRoom = (postId: string): string => `comments:${postId}`;

/** The post's new comment list to everyone else viewing it (the author of the change has it already). */
function shareComments(socket: IoSocket, postId: string, comments: CommentDto[]): void {
  socket.to(commentsRoom(postId)).emit(Events.comments, { post_id: postId, comments });
}

export function commentsSocketModule(deps: AppDeps): SocketModule {
  return {
    handlers: {
      [Events.fetchComments]: async ([postId], socket) => {
        socket.emit(Events.comments, { post_id: postId, comments: await listComments(deps, uidOf(socket), postId) });
      },

      [Events.addComment]: async ([{ postId, comment }], socket) => {
        const list = await addComment(deps, uidOf(socket), postId, comment);
        socket.emit(Events.comments, { post_id: postId, comments: list });
        shareComments(socket, postId, list);
        return list;
      },

      [Events.addCommentReply]: async ([input], socket) => {
        const list = await addReply(deps, uidOf(socket), input);
        socket.emit(Events.comments, { post_id: input.postId, comments: list });
        shareComments(socket, input.postId, list);
        return list;
      },

      [Events.watchPost]: async ([postId], socket) => {
        await mayWatch(deps, uidOf(socket), postId);
        await socket.join(commentsRoom(postId));
      },
      [Events.unwatchPost]: ([postId], socket) => socket.leave(commentsRoom(postId)),
    },
  };
}
