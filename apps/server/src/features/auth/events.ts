/** The handshake pair on /real: the client asks for the current user and receives it. */
import { Events } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { on } from '../../realtime/handler.js';
import type { SocketModule } from '../../realtime/index.js';

export function sessionSocketModule(deps: AppDeps): SocketModule {
  return {
    register(socket) {
      on(
        socket,
        Events.getCurrentUser,
        () => {
          socket.emit(Events.currentUser, socket.data.user);
          return socket.data.user;
        },
        deps.log,
      );
    },
  };
}
