/** Reels (clips): upload and transcode, the page of clips, one clip, like, share, comment, delete. */
import { defineFeature } from '../../feature.js';
import { deleteReels, exportReels } from './account.js';
import { reelsSocket } from './events.js';
import { reelsPolicy } from './policy.js';
import { reelsListeners } from './publish.js';
import { reelsRoutes } from './routes.js';
import { startReelWorker } from './worker.js';

export { loadReel, reelsByIds } from './service.js';

export default defineFeature({
  name: 'reels',
  policy: reelsPolicy,
  http: reelsRoutes,
  socket: reelsSocket,
  on: reelsListeners,
  // Transcodes run in the background, one at a time per node; leftovers of a restart are picked up.
  start: async ({ deps }) => {
    const worker = await startReelWorker(deps);
    return () => worker.stop();
  },
  account: { tables: ['reels'], exportAccount: exportReels, deleteAccount: deleteReels },
});
