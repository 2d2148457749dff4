/** The handshake pair on /real: the client asks for the current user and receives it. */
import { Events } from '@sajha/contract';
import type { SocketModule } from '../../realtime/index.js';
import { answer } from '../../realtime/types.js';

export function sessionSocketModule(): SocketModule {
  return {
    handlers: {
      [Events.getCurrentUser]: (_args, socket) => answer(socket, Events.currentUser, socket.data.user),
    },
  };
}
