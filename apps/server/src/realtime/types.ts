import type { Server, Socket } from 'socket.io';
import type { ClientToServerEvents, CurrentUser, ServerToClientEvents } from '@sajha/contract';

export interface SocketData {
  user: CurrentUser;
  sessionId: string;
  /** When the session ends (epoch ms): the socket is closed then and its events refused after. */
  expiresAt: number;
}
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface InterServerEvents {}

export type IoServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type IoSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

export const userRoom = (userId: string): string => `user:${userId}`;
export const sessionRoom = (sessionId: string): string => `session:${sessionId}`;
/** The signed-in member a socket serves. */
export const uidOf = (socket: IoSocket): string => socket.data.user.uid;

/**
 * Sends `value` to this socket as the spec's answer `event`, and returns it for the ack: a page may
 * listen for the event or await the ack, and both carry the same thing.
 */
export function answer<E extends keyof ServerToClientEvents>(
  socket: IoSocket,
  event: E,
  value: Parameters<ServerToClientEvents[E]>[0],
): Parameters<ServerToClientEvents[E]>[0] {
  (socket.emit as (e: E, v: unknown) => boolean)(event, value);
  return value;
}
