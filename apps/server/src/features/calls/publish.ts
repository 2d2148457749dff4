/**
 * The emits of the calls area. Relays go through Socket.IO rooms (`call:{roomId}` on /realcall,
 * `user:{id}` on /real), so with the Redis adapter they reach sockets on any node unchanged.
 */
import { Events, type IncomingCall } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { userRoom } from '../../realtime/types.js';

export const callRoom = (roomId: string): string => `call:${roomId}`;

/** Every open tab of the callee rings. */
export function ring(deps: AppDeps, calleeId: string, incoming: IncomingCall): void {
  deps.realtime.main.to(userRoom(calleeId)).emit(Events.incomingCall, incoming);
}

/** Every tab of the callee stops ringing (answered elsewhere, cancelled, declined, timed out). */
export function dismissRinging(deps: AppDeps, calleeId: string, roomId: string): void {
  deps.realtime.main.to(userRoom(calleeId)).emit(Events.incomingEnded, { roomId });
}

/** Both call pages of the room learn that it ended (and why, when there is a title). */
export function endRoom(deps: AppDeps, roomId: string, title?: string, exceptSocketId?: string): void {
  const to = deps.realtime.call.to(callRoom(roomId));
  (exceptSocketId ? to.except(exceptSocketId) : to).emit(Events.callEnded, title ? { title } : {});
  // Nobody signals in an ended room: its sockets leave it on every node.
  deps.realtime.call.in(callRoom(roomId)).socketsLeave(callRoom(roomId));
}
