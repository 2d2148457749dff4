/** Posts on /real (part 2 §7): parse (by the dispatcher), call the service, answer. The feed is features/feed. */
import { Events, Messages } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../platform/errors.js';
import type { SocketModule } from '../../realtime/index.js';
import { answer, uidOf, type IoSocket } from '../../realtime/types.js';
import { postRoom } from './publish.js';
import { hideProfileStatus, profileStatus, spotlight } from './home.js';
import { deletePost, editPost, getPost, recordShare, toggleLike } from './service.js';

/** Success goes to every viewer (from the service); a refusal only to the one who asked, as pMR too. */
async function mutate<T>(socket: IoSocket, type: 'edit' | 'delete', postId: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const message = err instanceof AppError ? err.message : Messages.server.internal;
    socket.emit(Events.postMutationResult, { success: false, type, post_id: postId, message });
    throw err;
  }
}

export function postsSocketModule(deps: AppDeps): SocketModule {
  return {
    handlers: {
      [Events.fetchOnePost]: async ([{ post_id }], socket) => {
        const post = await getPost(deps, post_id, uidOf(socket));
        await socket.join(postRoom(post.post_id));
        return answer(socket, Events.fetchOnePost, post);
      },

      [Events.likePost]: ([{ post_id }], socket) => toggleLike(deps, uidOf(socket), post_id),

      [Events.editPost]: ([{ post_id, content }], socket) =>
        mutate(socket, 'edit', post_id, () => editPost(deps, uidOf(socket), post_id, content)),
      [Events.deletePost]: ([postId], socket) =>
        mutate(socket, 'delete', postId, () => deletePost(deps, uidOf(socket), postId)),

      [Events.sharePost]: ([input], socket) => recordShare(deps, uidOf(socket), input),

      [Events.getSpotlight]: async (_args, socket) => {
        socket.emit(Events.spotlightUser, await spotlight(deps, uidOf(socket)));
      },

      [Events.getProfileStatus]: async (_args, socket) => {
        socket.emit(Events.profileStatus, await profileStatus(deps, uidOf(socket)));
      },

      [Events.hideProfileStatus]: {
        handler: async (_args, socket) => {
          await hideProfileStatus(deps, uidOf(socket));
          socket.emit(Events.hideProfileStatusResult, { success: true });
          return { message: Messages.profileStatus.hidden };
        },
        onFail: (socket) => socket.emit(Events.hideProfileStatusResult, { success: false }),
      },
    },
  };
}
