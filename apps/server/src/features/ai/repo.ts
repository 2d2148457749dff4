/** A member's kept conversation with the assistant. */
import { and, desc, eq, notInArray } from 'drizzle-orm';
import { AI_LIMITS } from '@sajha/contract';
import type { Db } from '../../db/client.js';
import { aiMessages } from '../../db/schema.js';

export type AiMessageRow = typeof aiMessages.$inferSelect;

export async function saveMessage(
  db: Db,
  userId: string,
  msg: { clientId: string; role: 'user' | 'assistant'; content: string },
): Promise<AiMessageRow> {
  const [row] = await db
    .insert(aiMessages)
    .values({ userId, ...msg })
    .returning();
  return row!;
}

/** The newest messages, oldest first. */
export async function conversation(db: Db, userId: string): Promise<AiMessageRow[]> {
  const rows = await db
    .select()
    .from(aiMessages)
    .where(eq(aiMessages.userId, userId))
    .orderBy(desc(aiMessages.createdAt), desc(aiMessages.id))
    .limit(AI_LIMITS.keptMessages);
  return rows.reverse();
}

/** Drops what is beyond the kept window, so one member's history cannot grow without bound. */
export async function pruneConversation(db: Db, userId: string): Promise<void> {
  const keep = db
    .select({ id: aiMessages.id })
    .from(aiMessages)
    .where(eq(aiMessages.userId, userId))
    .orderBy(desc(aiMessages.createdAt))
    .limit(AI_LIMITS.keptMessages);
  await db.delete(aiMessages).where(and(eq(aiMessages.userId, userId), notInArray(aiMessages.id, keep)));
}

export async function clearConversation(db: Db, userId: string): Promise<void> {
  await db.delete(aiMessages).where(eq(aiMessages.userId, userId));
}
