/**
 * The main socket's type, apart from the client that makes it (socket.ts) and the emit helpers
 * (emitFresh.ts), so modules that only name the type import neither: the two import each other's
 * parts otherwise, which made an import cycle.
 */
import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@sajha/contract';

export type MainSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * The part of a socket that listening needs: Socket.IO's emitter methods, by plain event name.
 * Socket.IO types a listener by a conditional over the event's name, which TypeScript cannot resolve
 * while the name is a type parameter (a generic helper, or a table of handlers); code that listens
 * through such a name sees the socket as this (`socket as EventSource`, the same methods).
 */
export interface EventSource {
  on(event: string, fn: (...args: never[]) => void): unknown;
  off(event: string, fn: (...args: never[]) => void): unknown;
}
