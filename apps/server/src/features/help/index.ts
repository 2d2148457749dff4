/**
 * The help centre (/help): articles in English and Nepali, with this server's numbers, that visitors and
 * members read and the assistant answers from. `helpCentreOf` and `helpAnswer` are what features/ai uses.
 */
import { defineFeature } from '../../feature.js';
import { helpPolicy } from './policy.js';
import { helpRoutes } from './routes.js';
import { helpCentreOf } from './service.js';

export { helpCentreOf } from './service.js';
export { helpAnswer } from './answer.js';
export type { KnowledgeHit, SearchResult } from './knowledge.js';
export type { Article } from './articles.js';

export default defineFeature({
  name: 'help',
  policy: helpPolicy,
  http: helpRoutes,
  // Articles are read and indexed at start-up: a malformed one stops the start, not a member's page.
  start: ({ deps }) => {
    helpCentreOf(deps);
    return Promise.resolve();
  },
});
