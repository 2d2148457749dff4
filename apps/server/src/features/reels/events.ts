/** Reels on /real: getReels (offset, 5) -> reels {reels, hasMore}; our events answer by acknowledgement. */
import { Events, REEL_LIMITS } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { on } from '../../realtime/handler.js';
import type { SocketModule } from '../../realtime/index.js';
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

export function reelsSocketModule(deps: AppDeps): SocketModule {
  const { log } = deps;
  return {
    register(socket) {
      const uid = socket.data.user.uid;

      on(
        socket,
        Events.getReels,
        async ([offset, limit]) => {
          const page = await listReels(
            deps,
            uid,
            offset,
            Math.min(limit ?? REEL_LIMITS.pageSize, REEL_LIMITS.pageSize),
          );
          socket.emit(Events.reels, page);
          return { count: page.reels.length, hasMore: page.hasMore };
        },
        log,
      );
      on(socket, Events.getReel, ([{ reelId }]) => getReel(deps, uid, reelId), log);
      on(socket, Events.likeReel, ([{ reelId }]) => toggleReelLike(deps, uid, reelId), log);
      on(socket, Events.shareReel, ([input]) => shareReel(deps, uid, input), log);
      on(socket, Events.deleteReel, ([{ reelId }]) => deleteReel(deps, uid, reelId), log);

      const sendComments = (reelId: string, comments: Awaited<ReturnType<typeof listReelComments>>) => {
        socket.emit(Events.reelComments, { reel_id: reelId, comments });
        return comments;
      };
      on(
        socket,
        Events.getReelComments,
        async ([{ reelId }]) => sendComments(reelId, await listReelComments(deps, uid, reelId)),
        log,
      );
      on(
        socket,
        Events.addReelComment,
        async ([input]) => sendComments(input.reelId, await addReelComment(deps, uid, input)),
        log,
      );
      on(
        socket,
        Events.addReelCommentReply,
        async ([input]) => sendComments(input.reelId, await addReelCommentReply(deps, uid, input)),
        log,
      );
    },
  };
}
