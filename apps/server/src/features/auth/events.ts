/** The handshake pair on /real: the client asks for the current user and receives it. */
import { Events } from '@sajha/contract';
import type { SocketModule } from '../../realtime/index.js';

export function sessionSocketModule(): SocketModule {
  return {
    handlers: {
      [Events.getCurrentUser]: (_args, socket) => {
        socket.emit(Events.currentUser, socket.data.user);
        return socket.data.user;
      },
    },
  };
}
