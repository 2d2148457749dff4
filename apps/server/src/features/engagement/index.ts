/**
 * Engagement: likes, comments (one level of replies) and shares of any content, keyed by (kind, id).
 * Posts and clips handle their own events (load, authorize) and call these; a new kind of content gets
 * all of it by adding its counters to kinds.ts.
 */
import { defineFeature } from '../../feature.js';
import { deleteEngagement, exportEngagement } from './account.js';

export { addComment, announceMentions, listComments, mentionedHandles, recordShare, toggleLike } from './service.js';
export { presentComments, type CommentRecord } from './presenters.js';
export { CONTENT_URL } from './kinds.js';
export type { Counts } from './repo.js';

export default defineFeature({
  name: 'engagement',
  account: {
    tables: ['likes', 'comments', 'shares'],
    exportAccount: exportEngagement,
    deleteAccount: deleteEngagement,
  },
});
