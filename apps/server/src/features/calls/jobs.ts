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

export async function ringTimeout(deps: AppDeps, { roomId }: { roomId: string }): Promise<void> {
  const early = await endUnanswered(deps, roomId);
  // Clocks of nodes and database differ by a little: a job that woke before the deadline waits again.
  if (early) await scheduleRingTimeout(deps, { id: roomId, ringDeadline: early });
}

export async function dropCheck(deps: AppDeps, { roomId, uid }: { roomId: string; uid: string }): Promise<void> {
  const inRoom = await deps.presence.among(callRoom(roomId), [uid]);
  if (inRoom.size === 0) await endDropped(deps, roomId);
}

/** The sweep, and at start-up: calls left open by a restart ring out on time, an abandoned active call ends. */
export const sweepCalls = (deps: AppDeps) => checkOpenCalls(deps, true);
export const resumeCalls = (deps: AppDeps) => checkOpenCalls(deps, false);
