/**
 * Notifications: the bell (list and badge), Web Push, mail and the daily digest, and the preferences that
 * govern them. Other areas never call in here: they state facts, and notices.ts turns those into notices.
 */
import { Events } from '@sajha/contract';
import { CRON_POLL_SECONDS } from '../../platform/jobs.js';
import { defineFeature } from '../../feature.js';
import { deleteNotifications, exportNotifications } from './account.js';
import { notificationsSocket } from './events.js';
import { noticeListeners } from './notices.js';
import { notificationsPolicy } from './policy.js';
import { notificationsListeners } from './publish.js';
import { deliverPush } from './push.js';
import { sendDigests, sendRollup } from './service.js';

export default defineFeature({
  name: 'notifications',
  policy: notificationsPolicy,
  socket: notificationsSocket,
  // The badge is right from the first paint of every tab (counted by the handshake's one query).
  sockets: { connected: (socket, boot) => socket.emit(Events.unreadCount, { count: boot.unreadNotifications }) },
  on: { ...notificationsListeners, ...noticeListeners },
  jobs: {
    'push.send': { work: (job, deps) => deliverPush(deps, job), options: { concurrency: 4 } },
    // Every member is claimed atomically inside sendDigests, and the schedule fires once per cluster.
    'notification.digest': {
      work: (_job, deps) => sendDigests(deps),
      options: { pollSeconds: CRON_POLL_SECONDS },
      cron: { schedule: '0 * * * *', data: {} },
    },
    'notification.rollup': { work: ({ userId }, deps) => sendRollup(deps, userId) },
  },
  account: {
    tables: ['notifications', 'notification_prefs', 'push_subscriptions'],
    exportAccount: exportNotifications,
    deleteAccount: deleteNotifications,
  },
});
