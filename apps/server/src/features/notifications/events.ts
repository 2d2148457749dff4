/** Notification events on /real: the list, the badge, push subscriptions and preferences. */
import { Events } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import type { SocketModule } from '../../realtime/index.js';
import { uidOf } from '../../realtime/types.js';
import { getPreferences, setPreferences } from './prefs.js';
import { saveSubscription } from './push.js';
import { openPanel } from './service.js';

export function notificationsSocketModule(deps: AppDeps): SocketModule {
  return {
    connected(socket, boot) {
      // The badge is right from the first paint of every tab (counted by the handshake's one query).
      socket.emit(Events.unreadCount, { count: boot.unreadNotifications });
    },
    handlers: {
      [Events.getNotifications]: async (_args, socket) => {
        socket.emit(Events.notifications, await openPanel(deps, uidOf(socket)));
      },

      [Events.subscribeWebPush]: async ([subscription], socket) => {
        await saveSubscription(deps, uidOf(socket), subscription, socket.request.headers['user-agent'] ?? '');
      },

      [Events.getNotificationPreferences]: async (_args, socket) => {
        socket.emit(Events.notificationPreferences, { preferences: await getPreferences(deps.db, uidOf(socket)) });
      },

      [Events.updateNotificationPreferences]: {
        handler: async ([preferences], socket) => {
          await setPreferences(deps.db, uidOf(socket), preferences);
          socket.emit(Events.notificationPreferencesUpdated, {
            success: true,
            message: 'Your notification preferences have been saved.',
          });
        },
        onFail: (socket, message) => socket.emit(Events.notificationPreferencesUpdated, { success: false, message }),
      },
    },
  };
}
