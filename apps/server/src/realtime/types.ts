import type { Server, Socket } from 'socket.io';
import type { ClientToServerEvents, CurrentUser, Locale, ServerToClientEvents } from '@sajha/contract';
import type { ActorInfo } from '../events/map.js';

export interface SocketData {
  user: CurrentUser;
  sessionId: string;
  /** When the session ends (epoch ms): the socket is closed then and its events refused after. */
  expiresAt: number;
  /** The sign-in address (server side only: ADMIN_EMAILS are admins). */
  email: string;
  /** The stored staff role; kept current by `member.roleChanged`. */
  role: 'member' | 'moderator' | 'admin';
  /** The member's interface language, for refusals; kept current by `member.languageChanged`. */
  locale: Locale;
}
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface InterServerEvents {}

export type IoServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type IoSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

export const userRoom = (userId: string): string => `user:${userId}`;
export const sessionRoom = (sessionId: string): string => `session:${sessionId}`;
/** The signed-in member a socket serves. */
export const uidOf = (socket: IoSocket): string => socket.data.user.uid;
/** The member a socket serves as facts name them (their profile as it is now: profile.updated refreshes it). */
export const actorInfoOf = (socket: IoSocket): ActorInfo => {
  const u = socket.data.user;
  return { id: u.uid, username: u.username, name: u.name, avatar: u.avatar };
};

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

/** What the handshake's one query loaded beyond socket.data, handed to the modules once at connection. */
export interface SocketBoot {
  unreadNotifications: number;
}
