/** Notification events on /real: the list, the badge, push subscriptions and preferences. */
import { Events } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { on } from '../../realtime/handler.js';
import type { SocketModule } from '../../realtime/index.js';
import { getPreferences, setPreferences } from './prefs.js';
import { saveSubscription } from './push.js';
import { openPanel } from './service.js';

export function notificationsSocketModule(deps: AppDeps): SocketModule {
  return {
    connected(socket, boot) {
      // The badge is right from the first paint of every tab (counted by the handshake's one query).
      socket.emit(Events.unreadCount, { count: boot.unreadNotifications });
    },
    register(socket) {
      const uid = socket.data.user.uid;

      on(
        socket,
        Events.getNotifications,
        async () => {
          socket.emit(Events.notifications, await openPanel(deps, uid));
        },
        deps.log,
      );

      on(
        socket,
        Events.subscribeWebPush,
        async ([subscription]) => {
          await saveSubscription(deps, uid, subscription, socket.request.headers['user-agent'] ?? '');
        },
        deps.log,
      );

      on(
        socket,
        Events.getNotificationPreferences,
        async () => {
          socket.emit(Events.notificationPreferences, { preferences: await getPreferences(deps.db, uid) });
        },
        deps.log,
      );

      on(
        socket,
        Events.updateNotificationPreferences,
        async ([preferences]) => {
          await setPreferences(deps.db, uid, preferences);
          socket.emit(Events.notificationPreferencesUpdated, {
            success: true,
            message: 'Your notification preferences have been saved.',
          });
        },
        deps.log,
        { onFail: (message) => socket.emit(Events.notificationPreferencesUpdated, { success: false, message }) },
      );
    },
  };
}
