/**
 * Posts: create (with media and a link preview), one post, like, share, comment, edit, delete, the shared
 * link's public page, and the home page's cards. Other areas may use the presenters and queries below.
 */
import { defineFeature } from '../../feature.js';
import { deletePosts, exportPosts } from './account.js';
import { postsSocket } from './events.js';
import { fillPreview } from './link-jobs.js';
import { postsPolicy } from './policy.js';
import { postsListeners } from './publish.js';
import { postsRoutes } from './routes.js';
import { sharedPostHead } from './share-head.js';

export { mediaUrl, presentMedia, presentPost, type PostRecord } from './presenters.js';
export { mediaFor, normaliseRecord, postFields, recordFields } from './repo.js';
export { hydratePosts, presentVisible, type HydratedPost } from './hydrate.js';
export { postRoom } from './publish.js';
export { loadPost } from './service.js';

export default defineFeature({
  name: 'posts',
  policy: postsPolicy,
  http: postsRoutes,
  pageHead: sharedPostHead,
  socket: postsSocket,
  on: postsListeners,
  jobs: { 'post.link-preview': { work: (job, deps) => fillPreview(deps, job), options: { concurrency: 2 } } },
  account: { tables: ['posts', 'post_edits'], exportAccount: exportPosts, deleteAccount: deletePosts },
});
