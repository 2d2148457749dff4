/**
 * Settings facts -> emits. A new name, username or avatar goes to every tab of the member (cU), and
 * the sockets of this node take the new snapshot, so what they send next carries the current profile.
 */
import { Events } from '@sajha/contract';
import type { Listeners } from '../../feature.js';
import { userRoom } from '../../realtime/types.js';

export const settingsListeners: Listeners = {
  'profile.updated': async ({ user }, { io }) => {
    io.main.to(userRoom(user.uid)).emit(Events.currentUser, user);
    for (const socket of await io.main.local.in(userRoom(user.uid)).fetchSockets()) socket.data.user = user;
  },
  'member.languageChanged': async ({ userId, locale }, { io }) => {
    for (const server of [io.main, io.call]) {
      for (const socket of await server.local.in(userRoom(userId)).fetchSockets()) socket.data.locale = locale;
    }
  },
};
