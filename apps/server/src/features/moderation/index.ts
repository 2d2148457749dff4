/**
 * Trust and safety: members report, mute and appeal; staff work the queue under /admin and act (remove,
 * mark sensitive, warn, limit, suspend, ban, delete), each action one row of an append-only audit log.
 */
import { defineFeature } from '../../feature.js';
import { deleteModeration, exportModeration } from './account.js';
import { moderationPolicy } from './policy.js';
import { moderationListeners } from './publish.js';
import { moderationRoutes } from './routes.js';

export default defineFeature({
  name: 'moderation',
  policy: moderationPolicy,
  http: moderationRoutes,
  on: moderationListeners,
  account: {
    tables: ['reports', 'report_notes', 'moderation_log', 'appeals', 'mutes', 'muted_words'],
    exportAccount: exportModeration,
    deleteAccount: deleteModeration,
  },
});
