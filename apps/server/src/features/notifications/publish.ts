/** Notification facts -> emits: a new notification and the badge go to every tab of the member. */
import { Events } from '@sajha/contract';
import type { EventBus } from '../../events/bus.js';
import type { IoServer } from '../../realtime/types.js';
import { userRoom } from '../../realtime/types.js';

export function publishNotifications(bus: EventBus, io: IoServer): void {
  bus.subscribe('notification.created', ({ userId, notification, unread }) => {
    io.to(userRoom(userId)).emit(Events.notification, notification);
    io.to(userRoom(userId)).emit(Events.unreadCount, { count: unread });
  });
  bus.subscribe('notification.unread', ({ userId, unread }) => {
    io.to(userRoom(userId)).emit(Events.unreadCount, { count: unread });
  });
}
