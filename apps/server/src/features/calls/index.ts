/** Calls: one-to-one video calls (rooms, ringing, signalling relays, history lines in the chat, TURN credentials). */
import { defineFeature } from '../../feature.js';
import { CRON_POLL_SECONDS } from '../../platform/jobs.js';
import { deleteCalls, exportCalls } from './account.js';
import { callSocketClosed, callsMainSocket, callsSocket } from './events.js';
import { dropCheck, resumeCalls, ringTimeout, sweepCalls } from './jobs.js';
import { callsPolicy } from './policy.js';
import { callsListeners } from './publish.js';
import { callsRoutes } from './routes.js';
import { endCallsBetween } from './service.js';

export default defineFeature({
  name: 'calls',
  policy: callsPolicy,
  http: callsRoutes,
  socket: callsMainSocket,
  callSocket: callsSocket,
  callSockets: { disconnected: callSocketClosed },
  on: {
    ...callsListeners,
    // Neither may go on talking across a new block.
    'member.blocked': ({ blockerId, blockedId }, { deps }) => endCallsBetween(deps, blockerId, blockedId),
  },
  jobs: {
    'calls.ringTimeout': { work: (job, deps) => ringTimeout(deps, job) },
    'calls.dropCheck': { work: (job, deps) => dropCheck(deps, job) },
    'calls.sweep': {
      work: (_job, deps) => sweepCalls(deps),
      options: { pollSeconds: CRON_POLL_SECONDS },
      cron: { schedule: '* * * * *', data: {} },
    },
  },
  // Calls left open by a restart: their rings end on time and an active call nobody returns to ends.
  start: async ({ deps }) => {
    await resumeCalls(deps);
  },
  account: { tables: ['calls'], exportAccount: exportCalls, deleteAccount: deleteCalls },
});
