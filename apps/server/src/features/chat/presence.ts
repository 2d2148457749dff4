/**
 * Presence for chat: online while any /real tab is connected, and "viewing" while a tab has joined
 * the chat, both from deps.presence (our own counts, shared through Redis across nodes).
 */
import type { AppDeps } from '../../deps.js';

export const chatRoom = (chatId: string): string => `chat:${chatId}`;

/**
 * The subset of `userIds` with at least one connected tab; as `viewer` may see it, when given: presence
 * never crosses a block, either way.
 */
export async function onlineAmong(deps: AppDeps, userIds: string[], viewer?: string): Promise<Set<string>> {
  const online = await deps.presence.among('online', userIds);
  if (!viewer || online.size === 0) return online;
  for (const hidden of await deps.policy.relations.blockedWith(viewer)) online.delete(hidden);
  return online;
}

/** Which of the chat's members have a tab showing it right now (joined with join-chat). */
export function viewersAmong(deps: AppDeps, chatId: string, memberIds: string[]): Promise<Set<string>> {
  return deps.presence.among(chatRoom(chatId), memberIds);
}
