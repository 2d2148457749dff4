/**
 * Read marks, told live: after a member's read mark moves, every other member learns up to when their
 * own messages in that chat are now read by everyone else (the same rule the stored status follows),
 * so "Seen" appears at once and matches what a reload shows. The service side only states the fact.
 */
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { chatMembers } from '../../db/schema.js';

declare module '../../events/bus.js' {
  interface DomainEvents {
    'chat.read': { chatId: string; readerIds: string[] };
  }
}

export async function announceRead(deps: AppDeps, chatId: string, ...readerIds: string[]): Promise<void> {
  if (readerIds.length > 0) await deps.bus.publish('chat.read', { chatId, readerIds });
}

/** For each member other than the readers: up to when everyone else has read the chat. */
export async function readMarksFor(
  deps: AppDeps,
  chatId: string,
  readerIds: string[],
): Promise<{ userId: string; upTo: Date }[]> {
  const members = await deps.db
    .select({ userId: chatMembers.userId, lastReadAt: chatMembers.lastReadAt })
    .from(chatMembers)
    .where(eq(chatMembers.chatId, chatId));
  const out: { userId: string; upTo: Date }[] = [];
  for (const sender of members) {
    if (readerIds.length === 1 && sender.userId === readerIds[0]) continue;
    const others = members.filter((m) => m.userId !== sender.userId);
    if (others.length === 0) continue;
    out.push({ userId: sender.userId, upTo: new Date(Math.min(...others.map((m) => m.lastReadAt.getTime()))) });
  }
  return out;
}
