/**
 * Presence for chat: online while any /real tab is connected, and "viewing" while a tab has joined
 * the chat, both from deps.presence (our own counts, shared through Redis across nodes).
 */
import type { AppDeps } from '../../deps.js';

export const chatRoom = (chatId: string): string => `chat:${chatId}`;

/** The subset of `userIds` with at least one connected tab. */
export function onlineAmong(deps: AppDeps, userIds: string[]): Promise<Set<string>> {
  return deps.presence.among('online', userIds);
}

/** Which of the chat's members have a tab showing it right now (joined with join-chat). */
export function viewersAmong(deps: AppDeps, chatId: string, memberIds: string[]): Promise<Set<string>> {
  return deps.presence.among(chatRoom(chatId), memberIds);
}
