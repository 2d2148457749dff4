/** Posts on /real (part 2 §7): parse (by `on`), call the service, answer. The feed is features/feed. */
import { Events, Messages } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../platform/errors.js';
import { on } from '../../realtime/handler.js';
import type { SocketModule } from '../../realtime/index.js';
import { postRoom } from './publish.js';
import { hideProfileStatus, profileStatus, spotlight } from './home.js';
import { deletePost, editPost, getPost, recordShare, toggleLike } from './service.js';

export function postsSocketModule(deps: AppDeps): SocketModule {
  const { log } = deps;
  return {
    register(socket) {
      const uid = socket.data.user.uid;

      on(
        socket,
        Events.fetchOnePost,
        async ([{ post_id }]) => {
          const post = await getPost(deps, post_id, uid);
          await socket.join(postRoom(post.post_id));
          socket.emit(Events.fetchOnePost, post);
          return post;
        },
        log,
      );

      on(socket, Events.likePost, ([{ post_id }]) => toggleLike(deps, uid, post_id), log);

      // Success goes to every viewer (from the service); a refusal only to the one who asked, as pMR too.
      const mutate = async <T>(type: 'edit' | 'delete', postId: string, run: () => Promise<T>): Promise<T> => {
        try {
          return await run();
        } catch (err) {
          const message = err instanceof AppError ? err.message : Messages.server.internal;
          socket.emit(Events.postMutationResult, { success: false, type, post_id: postId, message });
          throw err;
        }
      };
      on(
        socket,
        Events.editPost,
        ([{ post_id, content }]) => mutate('edit', post_id, () => editPost(deps, uid, post_id, content)),
        log,
      );
      on(socket, Events.deletePost, ([postId]) => mutate('delete', postId, () => deletePost(deps, uid, postId)), log);

      on(socket, Events.sharePost, ([input]) => recordShare(deps, uid, input), log);

      on(
        socket,
        Events.getSpotlight,
        async () => {
          socket.emit(Events.spotlightUser, await spotlight(deps, uid));
        },
        log,
      );

      on(
        socket,
        Events.getProfileStatus,
        async () => {
          socket.emit(Events.profileStatus, await profileStatus(deps, uid));
        },
        log,
      );

      on(
        socket,
        Events.hideProfileStatus,
        async () => {
          await hideProfileStatus(deps, uid);
          socket.emit(Events.hideProfileStatusResult, { success: true });
          return { message: Messages.profileStatus.hidden };
        },
        log,
        { onFail: () => socket.emit(Events.hideProfileStatusResult, { success: false }) },
      );
    },
  };
}
