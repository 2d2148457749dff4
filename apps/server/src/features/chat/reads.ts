/**
 * Read marks, told live: after a member's read mark moves, every other member learns up to when their
 * own messages in that chat are now read by everyone else (the same rule the stored status follows),
 * so "Seen" appears at once and matches what a reload shows.
 */
import { eq } from 'drizzle-orm';
import { Events } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { chatMembers } from '../../db/schema.js';
import { userRoom } from '../../realtime/types.js';

export async function announceRead(deps: AppDeps, chatId: string, readerId: string): Promise<void> {
  const members = await deps.db
    .select({ userId: chatMembers.userId, lastReadAt: chatMembers.lastReadAt })
    .from(chatMembers)
    .where(eq(chatMembers.chatId, chatId));
  for (const sender of members) {
    if (sender.userId === readerId) continue;
    const others = members.filter((m) => m.userId !== sender.userId);
    if (others.length === 0) continue;
    const upTo = new Date(Math.min(...others.map((m) => m.lastReadAt.getTime())));
    deps.realtime.main.to(userRoom(sender.userId)).emit(Events.chatRead, { chatId, upTo: upTo.toISOString() });
  }
}
