/**
 * The call timers as jobs in the PostgreSQL queue, not in a node's memory: a ring timeout or a drop
 * check runs once across the cluster, on whichever node is up, even when the node that scheduled it
 * (the one the caller's socket was on) died meanwhile. Both handlers re-read the row and act only if
 * the call is still in the state they were scheduled for, so a late or repeated job changes nothing.
 */
import type { AppDeps } from '../../deps.js';
import { openCalls } from './repo.js';
import { callRoom } from './publish.js';
import { endDropped, endUnanswered, scheduleDropCheck, scheduleRingTimeout } from './service.js';
import { CRON_POLL_SECONDS } from '../../platform/jobs.js';

declare module '../../platform/jobs.js' {
  interface JobMap {
    /** At the ring deadline: still ringing ends as "No answer". */
    'calls.ringTimeout': { roomId: string };
    /** A grace period after a member's call pages went away: none back ends the call as dropped. */
    'calls.dropCheck': { roomId: string; uid: string };
    /** Every minute: members of open calls with no call page anywhere get a drop check (a dead node's). */
    'calls.sweep': Record<string, never>;
  }
}

/** Schedules the checks for open calls: at start-up (calls of before a restart) and from the sweep. */
async function checkOpenCalls(deps: AppDeps, onlyAbsent: boolean): Promise<void> {
  for (const row of await openCalls(deps.db)) {
    if (row.state === 'ringing') {
      if (!onlyAbsent) await scheduleRingTimeout(deps, row);
      continue;
    }
    const members = [row.callerId, row.calleeId];
    const present = onlyAbsent ? await deps.presence.among(callRoom(row.id), members) : new Set<string>();
    for (const uid of members) if (!present.has(uid)) await scheduleDropCheck(deps, row.id, uid);
  }
}

export async function callJobs(deps: AppDeps): Promise<void> {
  await deps.jobs.work('calls.ringTimeout', async ({ roomId }) => {
    const early = await endUnanswered(deps, roomId);
    // Clocks of nodes and database differ by a little: a job that woke before the deadline waits again.
    if (early) await scheduleRingTimeout(deps, { id: roomId, ringDeadline: early });
  });
  await deps.jobs.work('calls.dropCheck', async ({ roomId, uid }) => {
    const inRoom = await deps.presence.among(callRoom(roomId), [uid]);
    if (inRoom.size === 0) await endDropped(deps, roomId);
  });
  await deps.jobs.work('calls.sweep', () => checkOpenCalls(deps, true), { pollSeconds: CRON_POLL_SECONDS });
  await deps.jobs.schedule('calls.sweep', '* * * * *', {}, deps.config.timeZone);
  // Calls left open by a restart: their rings end on time and an active call nobody returns to ends.
  await checkOpenCalls(deps, false);
}
