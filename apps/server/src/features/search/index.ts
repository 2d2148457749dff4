/**
 * Search and discovery (issue 35): one search over people, posts, clips, tags and the member's own
 * messages, in English, Devanagari and romanized Nepali; tag pages, followed tags and trending. Areas that
 * write searchable text build its lexemes with platform/search-index.ts in the same write.
 */
import { defineFeature } from '../../feature.js';
import { CRON_POLL_SECONDS } from '../../platform/jobs.js';
import { deleteSearch, exportSearch } from './account.js';
import { backfillSearch } from './backfill.js';
import { searchPolicy } from './policy.js';
import { searchRoutes } from './routes.js';
import { refreshVocabulary } from './vocabulary.js';

export default defineFeature({
  name: 'search',
  policy: searchPolicy,
  http: searchRoutes,
  jobs: {
    'search.vocabulary': {
      work: (_job, deps) => refreshVocabulary(deps).then(() => undefined),
      options: { pollSeconds: CRON_POLL_SECONDS },
      cron: { schedule: '* * * * *', data: {} },
    },
  },
  account: { tables: ['tag_follows', 'recent_searches'], exportAccount: exportSearch, deleteAccount: deleteSearch },
  // Rows from before search existed get their lexemes in the background; serving does not wait.
  start: ({ deps }) => {
    let stopped = false;
    const run = backfillSearch(deps, () => stopped)
      .then(async (n) => {
        if (n === 0) return;
        deps.log.info({ rows: n }, 'search: indexed rows written before search');
        // Their words join the spelling vocabulary whatever their age.
        await refreshVocabulary(deps, true);
      })
      .catch((err: unknown) => deps.log.error({ err }, 'search: indexing older rows failed'));
    void run;
    return Promise.resolve(() => {
      stopped = true;
    });
  },
});
