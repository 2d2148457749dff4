/**
 * Presence: a member is online while any of their tabs holds a /real socket. The user room `user:{id}`
 * is the source of truth (fetchSockets asks every node when the Redis adapter links several), so no
 * counter can drift when a node dies.
 */
import { Events } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { userRoom } from '../../realtime/types.js';
import { counterpartsOf } from './repo.js';

export const chatRoom = (chatId: string): string => `chat:${chatId}`;

/** The subset of `userIds` with at least one connected tab. */
export async function onlineAmong(deps: AppDeps, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const sockets = await deps.realtime.main.in(userIds.map(userRoom)).fetchSockets();
  return new Set(sockets.map((s) => s.data.user.uid));
}

/** Members who have a tab showing the chat right now (joined with join-chat). */
export async function viewersOf(deps: AppDeps, chatId: string): Promise<Set<string>> {
  const sockets = await deps.realtime.main.in(chatRoom(chatId)).fetchSockets();
  return new Set(sockets.map((s) => s.data.user.uid));
}

/**
 * Tells everyone who shares a chat with the user that they came online or went offline. Called on
 * every connect (repeating "online" is harmless) and on a disconnect that left no tab behind.
 */
export async function announcePresence(deps: AppDeps, userId: string, online: boolean): Promise<void> {
  if (!online && (await onlineAmong(deps, [userId])).size > 0) return;
  const counterparts = await counterpartsOf(deps.db, userId);
  if (counterparts.length === 0) return;
  deps.realtime.main.to(counterparts.map(userRoom)).emit(Events.presence, { uid: userId, online });
}
