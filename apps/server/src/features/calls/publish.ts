/**
 * Call facts -> emits. Relays go through Socket.IO rooms (`call:{roomId}` on /realcall, `user:{id}` on
 * /real), so with the Redis adapter they reach sockets on any node unchanged. The service publishes
 * facts through the small functions below and never touches a socket server.
 */
import { Events, type IncomingCall } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import type { EventBus } from '../../events/bus.js';
import { userRoom, type IoServer } from '../../realtime/types.js';

export const callRoom = (roomId: string): string => `call:${roomId}`;

declare module '../../events/bus.js' {
  interface DomainEvents {
    'call.ringing': { calleeId: string; incoming: IncomingCall };
    /** Stop ringing on every tab of the callee (answered elsewhere, cancelled, declined, timed out). */
    'call.ringingEnded': { calleeId: string; roomId: string };
    /** Both call pages of the room learn that it ended (and why, when there is a title). */
    'call.ended': { roomId: string; title?: string | undefined; exceptSocketId?: string | undefined };
  }
}

/** Every open tab of the callee rings. */
export function ring(deps: AppDeps, calleeId: string, incoming: IncomingCall): void {
  void deps.bus.publish('call.ringing', { calleeId, incoming });
}

export function dismissRinging(deps: AppDeps, calleeId: string, roomId: string): void {
  void deps.bus.publish('call.ringingEnded', { calleeId, roomId });
}

export function endRoom(deps: AppDeps, roomId: string, title?: string, exceptSocketId?: string): void {
  void deps.bus.publish('call.ended', { roomId, title, exceptSocketId });
}

export function publishCalls(bus: EventBus, main: IoServer, call: IoServer): void {
  bus.subscribe('call.ringing', ({ calleeId, incoming }) => {
    main.to(userRoom(calleeId)).emit(Events.incomingCall, incoming);
  });
  bus.subscribe('call.ringingEnded', ({ calleeId, roomId }) => {
    main.to(userRoom(calleeId)).emit(Events.incomingEnded, { roomId });
  });
  bus.subscribe('call.ended', ({ roomId, title, exceptSocketId }) => {
    const to = call.to(callRoom(roomId));
    (exceptSocketId ? to.except(exceptSocketId) : to).emit(Events.callEnded, title ? { title } : {});
    // Nobody signals in an ended room: its sockets leave it on every node.
    call.in(callRoom(roomId)).socketsLeave(callRoom(roomId));
  });
}
