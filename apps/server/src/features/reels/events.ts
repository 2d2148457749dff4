/** Reels on /real: getReels (offset, 5) -> reels {reels, hasMore}; our events answer by acknowledgement. */
import { Events, REEL_LIMITS } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import type { SocketModule } from '../../realtime/index.js';
import { uidOf, type IoSocket } from '../../realtime/types.js';
import {
  addReelComment,
  addReelCommentReply,
  deleteReel,
  getReel,
  listReelComments,
  listReels,
  shareReel,
  toggleReelLike,
} from './service.js';

const sendComments = (socket: IoSocket, reelId: string, comments: Awaited<ReturnType<typeof listReelComments>>) => {
  socket.emit(Events.reelComments, { reel_id: reelId, comments });
  return comments;
};

export function reelsSocketModule(deps: AppDeps): SocketModule {
  return {
    handlers: {
      [Events.getReels]: async ([offset, limit], socket) => {
        const size = Math.min(limit ?? REEL_LIMITS.pageSize, REEL_LIMITS.pageSize);
        const page = await listReels(deps, uidOf(socket), offset, size);
        socket.emit(Events.reels, page);
        return { count: page.reels.length, hasMore: page.hasMore };
      },
      [Events.getReel]: ([{ reelId }], socket) => getReel(deps, uidOf(socket), reelId),
      [Events.likeReel]: ([{ reelId }], socket) => toggleReelLike(deps, uidOf(socket), reelId),
      [Events.shareReel]: ([input], socket) => shareReel(deps, uidOf(socket), input),
      [Events.deleteReel]: ([{ reelId }], socket) => deleteReel(deps, uidOf(socket), reelId),

      [Events.getReelComments]: async ([{ reelId }], socket) =>
        sendComments(socket, reelId, await listReelComments(deps, uidOf(socket), reelId)),
      [Events.addReelComment]: async ([input], socket) =>
        sendComments(socket, input.reelId, await addReelComment(deps, uidOf(socket), input)),
      [Events.addReelCommentReply]: async ([input], socket) =>
        sendComments(socket, input.reelId, await addReelCommentReply(deps, uidOf(socket), input)),
    },
  };
}
