/** Saved rows: one per (member, kind, subject); the list reads the member's newest first. */
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { savedItems } from '../../db/schema.js';

export type SavedKind = 'post' | 'reel';

export async function setSaved(db: Db, userId: string, kind: SavedKind, subjectId: string, saved: boolean) {
  if (saved) {
    await db.insert(savedItems).values({ userId, kind, subjectId }).onConflictDoNothing();
  } else {
    await db
      .delete(savedItems)
      .where(and(eq(savedItems.userId, userId), eq(savedItems.kind, kind), eq(savedItems.subjectId, subjectId)));
  }
}

export async function savedPage(db: Db, userId: string, offset: number, limit: number) {
  return db
    .select({ kind: savedItems.kind, id: savedItems.subjectId, at: savedItems.createdAt })
    .from(savedItems)
    .where(eq(savedItems.userId, userId))
    .orderBy(desc(savedItems.createdAt), desc(savedItems.subjectId))
    .limit(limit)
    .offset(offset);
}
