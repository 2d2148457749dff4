/** Saved (issue 37): a member's private list of posts and clips they bookmarked. */
import { defineFeature } from '../../feature.js';
import { deleteSaved, exportSaved } from './account.js';
import { savedSocket } from './events.js';
import { savedPolicy } from './policy.js';

export default defineFeature({
  name: 'saved',
  policy: savedPolicy,
  socket: savedSocket,
  account: { tables: ['saved_items'], exportAccount: exportSaved, deleteAccount: deleteSaved },
});
