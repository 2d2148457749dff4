/**
 * Posts on /real (part 2 §7): one post, like, share, edit, delete, the comments of a post, and the home
 * page's cards. Each handler names its policy action; the dispatcher loads the post and authorizes before
 * it runs. The feed itself is features/feed.
 */
import { Events, Messages, localizeText } from '@sajha/contract';
import { on } from '../../realtime/handler.js';
import { actorInfoOf, answer, type IoSocket } from '../../realtime/types.js';
import { addComment, listComments } from '../engagement/index.js';
import { hideProfileStatus, profileStatus, spotlight } from './home.js';
import type { PostResource } from './policy.js';
import { commentsRoom, FEED_ROOM, postRoom } from './publish.js';
import { deletePost, editPost, getPost, likePost, loadPost, postHistory, sharePost } from './service.js';

const ref = (p: PostResource) => ({ kind: 'post' as const, id: p.id, ownerId: p.authorId });

/** A refusal of an edit or delete also goes, as pMR, to the one who asked (success goes to every viewer). */
function refusedMutation(socket: IoSocket, type: 'edit' | 'delete', postId: unknown, message: string): void {
  socket.emit(Events.postMutationResult, {
    success: false,
    type,
    post_id: typeof postId === 'string' ? postId.slice(0, 64) : '',
    message,
  });
}

export const postsSocket = [
  on(
    Events.fetchOnePost,
    { action: 'post.view', load: ([a], ctx) => loadPost(ctx.deps, a.post_id) },
    async (_a, ctx) => {
      const dto = await getPost(ctx.deps, ctx.resource.id, ctx.actor.id);
      await ctx.socket.join(postRoom(dto.post_id));
      return answer(ctx.socket, Events.fetchOnePost, dto);
    },
  ),

  on(Events.likePost, { action: 'post.like', load: ([a], ctx) => loadPost(ctx.deps, a.post_id) }, (_a, ctx) =>
    likePost(ctx.deps, actorInfoOf(ctx.socket), ctx.resource),
  ),

  on(Events.sharePost, { action: 'post.share', load: ([a], ctx) => loadPost(ctx.deps, a.post_id) }, ([a], ctx) =>
    sharePost(ctx.deps, actorInfoOf(ctx.socket), ctx.resource, a),
  ),

  on(
    Events.editPost,
    {
      action: 'post.edit',
      load: ([a], ctx) => loadPost(ctx.deps, a.post_id),
      onFail: (socket, message, raw) =>
        refusedMutation(socket, 'edit', (raw[0] as { post_id?: unknown } | undefined)?.post_id, message),
    },
    ([a], ctx) => editPost(ctx.deps, ctx.actor.id, ctx.resource, a.content, a),
  ),

  // What an edited post said before: for whoever may see it now (staff reviewing a report too).
  on(Events.postHistory, { action: 'post.view', load: ([a], ctx) => loadPost(ctx.deps, a.post_id) }, (_a, ctx) =>
    postHistory(ctx.deps, ctx.resource),
  ),

  on(
    Events.deletePost,
    {
      action: 'post.delete',
      load: ([id], ctx) => loadPost(ctx.deps, id),
      onFail: (socket, message, raw) => refusedMutation(socket, 'delete', raw[0], message),
    },
    (_a, ctx) => deletePost(ctx.deps, ctx.actor.id, ctx.resource),
  ),

  // Comments: reading and watching answer as if the post were gone across a block; writing says why.
  on(Events.fetchComments, { action: 'post.view', load: ([id], ctx) => loadPost(ctx.deps, id) }, async (_a, ctx) => {
    const comments = await listComments(ctx.deps, ref(ctx.resource), ctx.actor.id);
    return answer(ctx.socket, Events.comments, { post_id: ctx.resource.id, comments });
  }),

  on(
    Events.addComment,
    { action: 'post.comment', load: ([a], ctx) => loadPost(ctx.deps, a.postId) },
    async ([a], ctx) => {
      const { comments } = await addComment(ctx.deps, ref(ctx.resource), actorInfoOf(ctx.socket), a.comment);
      return answer(ctx.socket, Events.comments, { post_id: ctx.resource.id, comments }).comments;
    },
  ),

  on(
    Events.addCommentReply,
    { action: 'post.comment', load: ([a], ctx) => loadPost(ctx.deps, a.postId) },
    async ([a], ctx) => {
      const reply = { to: a.commentId, commentGone: Messages.post.commentGone };
      const { comments } = await addComment(ctx.deps, ref(ctx.resource), actorInfoOf(ctx.socket), a.reply, reply);
      return answer(ctx.socket, Events.comments, { post_id: ctx.resource.id, comments }).comments;
    },
  ),

  // While a post's comments are open, the socket is in `comments:{id}`: new comments reach the screens showing them.
  on(Events.watchPost, { action: 'post.view', load: ([id], ctx) => loadPost(ctx.deps, id) }, async (_a, ctx) => {
    await ctx.socket.join(commentsRoom(ctx.resource.id));
  }),
  on(Events.unwatchPost, { action: 'public' }, async ([id], { socket }) => {
    await socket.leave(commentsRoom(id));
  }),

  // The feed room: joined while a feed is on screen, so it hears that someone posted.
  on(Events.watchFeed, { action: 'feed.read' }, async (_a, { socket }) => {
    await socket.join(FEED_ROOM);
  }),
  on(Events.unwatchFeed, { action: 'public' }, async (_a, { socket }) => {
    await socket.leave(FEED_ROOM);
  }),

  on(Events.getSpotlight, { action: 'feed.read' }, async (_a, { deps, socket, actor }) =>
    answer(socket, Events.spotlightUser, await spotlight(deps, actor.id)),
  ),
  on(Events.getProfileStatus, { action: 'home.status' }, async (_a, { deps, socket, actor }) =>
    answer(socket, Events.profileStatus, await profileStatus(deps, actor.id)),
  ),
  on(
    Events.hideProfileStatus,
    { action: 'home.status', onFail: (socket) => socket.emit(Events.hideProfileStatusResult, { success: false }) },
    async (_a, { deps, socket, actor }) => {
      await hideProfileStatus(deps, actor.id);
      socket.emit(Events.hideProfileStatusResult, { success: true });
      return { message: localizeText(socket.data.locale, Messages.profileStatus.hidden) };
    },
  ),
];
