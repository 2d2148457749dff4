/** Notification facts -> emits: a new notification and the badge go to every tab of the member. */
import { Events } from '@sajha/contract';
import type { Listeners } from '../../feature.js';
import { userRoom } from '../../realtime/types.js';

export const notificationsListeners: Listeners = {
  'notification.created': ({ userId, notification, unread }, { io }) => {
    io.main.to(userRoom(userId)).emit(Events.notification, notification);
    io.main.to(userRoom(userId)).emit(Events.unreadCount, { count: unread });
  },
  'notification.unread': ({ userId, unread }, { io }) => {
    io.main.to(userRoom(userId)).emit(Events.unreadCount, { count: unread });
  },
};
