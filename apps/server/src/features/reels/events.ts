/** Reels on /real: getReels (offset, 5) -> reels {reels, hasMore}; our events answer by acknowledgement. */
import { Events, REEL_LIMITS } from '@sajha/contract';
import { on, type SocketContext } from '../../realtime/handler.js';
import { actorInfoOf, answer } from '../../realtime/types.js';
import {
  commentOnReel,
  deleteReel,
  getReel,
  likeReel,
  listMemberReels,
  listReelComments,
  listReels,
  loadReel,
  shareReel,
} from './service.js';

/** Every reel event names the reel as `{ reelId }` first. */
const reel = ([a]: [{ reelId: string }], ctx: SocketContext) => loadReel(ctx.deps, a.reelId);

export const reelsSocket = [
  on(Events.getReels, { action: 'reels.read' }, async ([offset, limit], { deps, socket, actor }) => {
    const size = Math.min(limit ?? REEL_LIMITS.pageSize, REEL_LIMITS.pageSize);
    const page = await listReels(deps, actor.id, offset, size);
    socket.emit(Events.reels, page);
    return { count: page.reels.length, hasMore: page.hasMore };
  }),
  // A profile's Clips tab: authorized as the page of reels is (the list is filtered in SQL).
  on(Events.getMemberReels, { action: 'reels.read' }, ([input], { deps, actor }) =>
    listMemberReels(deps, actor.id, input),
  ),
  on(Events.getReel, { action: 'reel.view', load: reel }, (_a, ctx) =>
    getReel(ctx.deps, ctx.actor.id, ctx.resource.id),
  ),
  on(Events.likeReel, { action: 'reel.like', load: reel }, (_a, ctx) =>
    likeReel(ctx.deps, actorInfoOf(ctx.socket), ctx.resource),
  ),
  on(Events.shareReel, { action: 'reel.share', load: reel }, ([a], ctx) =>
    shareReel(ctx.deps, actorInfoOf(ctx.socket), ctx.resource, a),
  ),
  on(Events.deleteReel, { action: 'reel.delete', load: reel }, (_a, ctx) =>
    deleteReel(ctx.deps, ctx.actor.id, ctx.resource),
  ),

  on(Events.getReelComments, { action: 'reel.view', load: reel }, async (_a, ctx) => {
    const comments = await listReelComments(ctx.deps, ctx.actor.id, ctx.resource);
    return answer(ctx.socket, Events.reelComments, { reel_id: ctx.resource.id, comments }).comments;
  }),
  on(Events.addReelComment, { action: 'reel.comment', load: reel }, async ([a], ctx) => {
    const comments = await commentOnReel(ctx.deps, actorInfoOf(ctx.socket), ctx.resource, a.comment);
    return answer(ctx.socket, Events.reelComments, { reel_id: ctx.resource.id, comments }).comments;
  }),
  on(Events.addReelCommentReply, { action: 'reel.comment', load: reel }, async ([a], ctx) => {
    const comments = await commentOnReel(ctx.deps, actorInfoOf(ctx.socket), ctx.resource, a.reply, a.commentId);
    return answer(ctx.socket, Events.reelComments, { reel_id: ctx.resource.id, comments }).comments;
  }),
];
