/** Notification events on /real: the list, the badge, push subscriptions and preferences. */
import { Events, ServerTexts, localizeText } from '@sajha/contract';
import { on } from '../../realtime/handler.js';
import { answer } from '../../realtime/types.js';
import { getPreferences, setPreferences } from './prefs.js';
import { saveSubscription } from './push.js';
import { openPanel } from './service.js';

export const notificationsSocket = [
  on(Events.getNotifications, { action: 'notifications.read' }, async (_a, { deps, socket, actor }) => {
    const list = await openPanel(deps, actor.id);
    socket.emit(Events.notifications, list);
    return list;
  }),

  on(Events.subscribeWebPush, { action: 'notifications.settings' }, async ([subscription], { deps, socket, actor }) => {
    await saveSubscription(deps, actor.id, subscription, socket.request.headers['user-agent'] ?? '');
  }),

  on(Events.getNotificationPreferences, { action: 'notifications.read' }, async (_a, { deps, socket, actor }) =>
    answer(socket, Events.notificationPreferences, { preferences: await getPreferences(deps.db, actor.id) }),
  ),

  on(
    Events.updateNotificationPreferences,
    {
      action: 'notifications.settings',
      onFail: (socket, message) => socket.emit(Events.notificationPreferencesUpdated, { success: false, message }),
    },
    async ([preferences], { deps, socket, actor }) => {
      await setPreferences(deps.db, actor.id, preferences);
      return answer(socket, Events.notificationPreferencesUpdated, {
        success: true,
        message: localizeText(socket.data.locale, ServerTexts.notifications.prefsSaved),
      });
    },
  ),
];
