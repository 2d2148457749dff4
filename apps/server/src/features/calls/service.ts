/**
 * Call rooms: create (ring the callee), join (answer, or rejoin after a reconnect), reject, leave,
 * no answer. Every step is authorized before it runs (events.ts names the action) and changes the stored row with one conditional
 * UPDATE, so a call never depends on which process a socket landed on and two nodes never both end it.
 * Its timers (ring timeout, drop check) are jobs in the PostgreSQL queue, not timers of one process.
 */
import { CallTexts, type CallPeer, type CurrentUser } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../platform/errors.js';
import { recordCallInChat } from './history.js';
import { dismissRinging, endRoom, ring } from './publish.js';
import {
  findCall,
  findMember,
  insertCall,
  openCalls,
  isInCall,
  markAnswered,
  markEnded,
  type CallRow,
  type EndReason,
} from './repo.js';

/**
 * The one place the ring timeout is scheduled: a job at the stored deadline (jobs.ts), so it runs once
 * across the cluster and outlives the node whose socket created the call.
 */
export async function scheduleRingTimeout(deps: AppDeps, room: Pick<CallRow, 'id' | 'ringDeadline'>): Promise<void> {
  await deps.jobs.send('calls.ringTimeout', { roomId: room.id }, { startAfter: room.ringDeadline });
}

/** After a member's call pages went away: a job checks, a grace period later, whether one came back. */
export async function scheduleDropCheck(deps: AppDeps, roomId: string, uid: string): Promise<void> {
  const startAfter = new Date(Date.now() + deps.config.calls.dropGraceMs);
  await deps.jobs.send('calls.dropCheck', { roomId, uid }, { startAfter });
}

export type Callee = { id: string; name: string; avatar: string | null };

export interface Created {
  room: CallRow;
  peer: CallPeer;
  /** Set when the call ended at once (the callee is busy); the caller is told with this title. */
  endedTitle?: string;
}

/** The member a call is placed to (verified only), for the policy. */
export async function loadCallee(deps: AppDeps, calleeId: string) {
  const callee = await findMember(deps.db, calleeId);
  return callee?.emailVerifiedAt ? callee : undefined;
}

/**
 * Ringing is not free for the callee (a prompt on every tab, a push, a line in the chat), so a caller may
 * place 5 calls a minute, 3 of them to one member; past that the call is refused before anything rings.
 * The pair is asked first, so a caller who keeps ringing one member may still call another.
 */
async function allowRing(deps: AppDeps, callerId: string, calleeId: string): Promise<void> {
  const allowed =
    (await deps.limiters.attempt('callsPerPair', `${callerId}:${calleeId}`)) &&
    (await deps.limiters.attempt('callsPerCaller', callerId));
  if (!allowed) throw new AppError(CallTexts.tooManyCalls, 429);
}

export async function createRoom(deps: AppDeps, me: CurrentUser, callee: Callee): Promise<Created> {
  const calleeId = callee.id;
  await allowRing(deps, me.uid, calleeId);
  const peer = { uid: callee.id, name: callee.name, avatar: callee.avatar };

  const now = new Date();
  if ((await isInCall(deps.db, calleeId, now)) || (await isInCall(deps.db, me.uid, now))) {
    const room = await insertCall(deps.db, {
      callerId: me.uid,
      calleeId,
      ringDeadline: now,
      state: 'ended',
      endReason: 'busy',
    });
    return { room, peer, endedTitle: CallTexts.busy };
  }

  const room = await insertCall(deps.db, {
    callerId: me.uid,
    calleeId,
    ringDeadline: new Date(now.getTime() + deps.config.calls.ringTimeoutMs),
  });
  await scheduleRingTimeout(deps, room);
  // Every tab of the callee rings; one who is away gets a push (notifications listens for this fact).
  await ring(deps, calleeId, { roomId: room.id, caller: { uid: me.uid, name: me.name, avatar: me.avatar } });
  return { room, peer };
}

export interface Joined {
  room: CallRow;
  role: 'caller' | 'callee';
  peer: CallPeer;
  /** True only for the callee's first join: the call was answered just now. */
  answered: boolean;
}

/** The callee answering, or either member coming back after a reconnect. */
export async function joinRoom(deps: AppDeps, me: CurrentUser, room: CallRow): Promise<Joined> {
  const roomId = room.id;
  const role = room.callerId === me.uid ? 'caller' : 'callee';
  const other = await findMember(deps.db, role === 'caller' ? room.calleeId : room.callerId);
  const peer = { uid: other?.id ?? '', name: other?.name ?? '', avatar: other?.avatar ?? null };
  if (room.state === 'ringing' && role === 'callee') {
    const answered = await markAnswered(deps.db, roomId);
    if (answered) {
      dismissRinging(deps, room.calleeId, roomId);
      return { room: answered, answered: true, role, peer };
    }
    return { room: (await findCall(deps.db, roomId)) ?? room, answered: false, role, peer };
  }
  return { room, answered: false, role, peer };
}

export async function rejectCall(deps: AppDeps, room: CallRow): Promise<void> {
  const roomId = room.id;
  const ended = await markEnded(deps.db, roomId, 'declined', ['ringing']);
  if (!ended) return;
  endRoom(deps, roomId, CallTexts.declined);
  dismissRinging(deps, room.calleeId, roomId);
  await recordCallInChat(deps, ended, CallTexts.historyDeclined);
}

/** Hang up: while ringing the caller cancels it; once active either member ends it for both. */
export async function leaveRoom(deps: AppDeps, me: CurrentUser, room: CallRow, socketId?: string): Promise<void> {
  if (room.state === 'ended') return;
  const reason: EndReason = room.state === 'active' ? 'hangup' : room.callerId === me.uid ? 'cancelled' : 'declined';
  await finish(deps, room, reason, undefined, socketId);
}

/**
 * The ring timeout: still ringing at the deadline ends with "No answer" and a missed-call notice.
 * Called before the deadline (clocks differ a little), it changes nothing and returns the deadline.
 */
export async function endUnanswered(deps: AppDeps, roomId: string): Promise<Date | undefined> {
  const room = await findCall(deps.db, roomId);
  if (!room || room.state !== 'ringing') return;
  if (room.ringDeadline.getTime() > Date.now() + 50) return room.ringDeadline;
  const ended = await finish(deps, room, 'no-answer', CallTexts.noAnswer);
  if (!ended) return;
  const caller = await findMember(deps.db, room.callerId);
  if (!caller) return;
  const actor = { id: caller.id, username: caller.username, name: caller.name, avatar: caller.avatar };
  await deps.bus.publish('call.missed', { roomId: room.id, calleeId: room.calleeId, caller: actor });
}

/** A block between two members ends any call between them at once (neither may go on talking). */
export async function endCallsBetween(deps: AppDeps, a: string, b: string): Promise<void> {
  for (const room of await openCalls(deps.db)) {
    const pair = [room.callerId, room.calleeId];
    if (pair.includes(a) && pair.includes(b)) await finish(deps, room, 'hangup', CallTexts.ended);
  }
}

/** A member whose every call page stayed away past the grace period: the call ends as dropped. */
export async function endDropped(deps: AppDeps, roomId: string): Promise<void> {
  const room = await findCall(deps.db, roomId);
  if (!room || room.state === 'ended') return;
  await finish(deps, room, 'dropped', CallTexts.dropped);
}

async function finish(
  deps: AppDeps,
  room: CallRow,
  reason: EndReason,
  title: string | undefined,
  exceptSocketId?: string,
): Promise<CallRow | undefined> {
  const ended = await markEnded(deps.db, room.id, reason);
  if (!ended) return undefined;
  if (room.state === 'ringing') dismissRinging(deps, room.calleeId, room.id);
  endRoom(deps, room.id, title, exceptSocketId);
  const text =
    reason === 'declined'
      ? CallTexts.historyDeclined
      : ended.answeredAt && ended.endedAt
        ? CallTexts.historyDone((ended.endedAt.getTime() - ended.answeredAt.getTime()) / 1000)
        : CallTexts.historyMissed;
  await recordCallInChat(deps, ended, text);
  return ended;
}
