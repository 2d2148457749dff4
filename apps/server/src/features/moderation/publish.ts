/** Moderation facts -> sockets: a member's new staff role reaches their open sockets at once. */
import type { Listeners } from '../../feature.js';
import { userRoom } from '../../realtime/types.js';

export const moderationListeners: Listeners = {
  'member.roleChanged': async ({ userId, role }, { io }) => {
    for (const server of [io.main, io.call]) {
      for (const socket of await server.local.in(userRoom(userId)).fetchSockets()) socket.data.role = role;
    }
  },
};
