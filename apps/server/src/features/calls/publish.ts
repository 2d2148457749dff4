/**
 * Call facts -> emits. Relays go through Socket.IO rooms (`call:{roomId}` on /realcall, `user:{id}` on
 * /real), so with the Redis adapter they reach sockets on any node unchanged. The service states facts
 * through the small functions below and never touches a socket server.
 */
import { Events, type IncomingCall } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import type { Listeners } from '../../feature.js';
import { userRoom } from '../../realtime/types.js';

export const callRoom = (roomId: string): string => `call:${roomId}`;

/** Every open tab of the callee rings. */
export function ring(deps: AppDeps, calleeId: string, incoming: IncomingCall): Promise<void> {
  return deps.bus.publish('call.ringing', { calleeId, incoming }, { by: incoming.caller.uid });
}

export function dismissRinging(deps: AppDeps, calleeId: string, roomId: string): void {
  void deps.bus.publish('call.ringingEnded', { calleeId, roomId });
}

export function endRoom(deps: AppDeps, roomId: string, title?: string, exceptSocketId?: string): void {
  void deps.bus.publish('call.ended', { roomId, title, exceptSocketId });
}

export const callsListeners: Listeners = {
  'call.ringing': ({ calleeId, incoming }, { io }) => {
    io.main.to(userRoom(calleeId)).emit(Events.incomingCall, incoming);
  },
  'call.ringingEnded': ({ calleeId, roomId }, { io }) => {
    io.main.to(userRoom(calleeId)).emit(Events.incomingEnded, { roomId });
  },
  'call.ended': ({ roomId, title, exceptSocketId }, { io }) => {
    const to = io.call.to(callRoom(roomId));
    (exceptSocketId ? to.except(exceptSocketId) : to).emit(Events.callEnded, title ? { title } : {});
    // Nobody signals in an ended room: its sockets leave it on every node.
    io.call.in(callRoom(roomId)).socketsLeave(callRoom(roomId));
  },
};
