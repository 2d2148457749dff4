/**
 * Search and discovery (issue 35): one search over people, posts, clips, tags and the member's own
 * messages, in English, Devanagari and romanized Nepali; tag pages, followed tags and trending. Areas that
 * write searchable text build its lexemes with platform/search-index.ts in the same write.
 */
import { defineFeature } from '../../feature.js';
import { deleteSearch, exportSearch } from './account.js';
import { backfillSearch } from './backfill.js';
import { searchPolicy } from './policy.js';
import { searchRoutes } from './routes.js';

export default defineFeature({
  name: 'search',
  policy: searchPolicy,
  http: searchRoutes,
  account: { tables: ['tag_follows', 'recent_searches'], exportAccount: exportSearch, deleteAccount: deleteSearch },
  // Rows from before search existed get their lexemes in the background; serving does not wait.
  start: ({ deps }) => {
    let stopped = false;
    const run = backfillSearch(deps, () => stopped)
      .then((n) => n > 0 && deps.log.info({ rows: n }, 'search: indexed rows written before search'))
      .catch((err: unknown) => deps.log.error({ err }, 'search: indexing older rows failed'));
    void run;
    return Promise.resolve(() => {
      stopped = true;
    });
  },
});
