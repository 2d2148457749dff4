/**
 * Settings facts -> emits. A new name, username or avatar goes to every tab of the member (cU), and
 * the sockets of this node take the new snapshot, so what they send next carries the current profile.
 */
import { Events, type CurrentUser } from '@sajha/contract';
import type { EventBus } from '../../events/bus.js';
import { userRoom, type IoServer } from '../../realtime/types.js';

declare module '../../events/bus.js' {
  interface DomainEvents {
    'profile.updated': { user: CurrentUser };
  }
}

export function publishSettings(bus: EventBus, io: IoServer): void {
  bus.subscribe('profile.updated', async ({ user }) => {
    io.to(userRoom(user.uid)).emit(Events.currentUser, user);
    for (const socket of await io.local.in(userRoom(user.uid)).fetchSockets()) socket.data.user = user;
  });
}
