import type { Server, Socket } from 'socket.io';
import type { ClientToServerEvents, CurrentUser, ServerToClientEvents } from '@sajha/contract';

export interface SocketData {
  user: CurrentUser;
  sessionId: string;
  /** When the session ends (epoch ms): the socket is closed then and its events refused after. */
  expiresAt: number;
}
export interface InterServerEvents {
  /** session.ended on another node: close this node's sockets of these sessions. */
  sessionsEnded: (userId: string, sessionIds: string[]) => void;
}

export type IoServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type IoSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

export const userRoom = (userId: string): string => `user:${userId}`;
