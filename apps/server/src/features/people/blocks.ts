/**
 * Blocks: the one question other areas ask ("is either of these two blocking the other?"). A block is
 * stored one way but its effects (no chat, call, follow, mention, comment, search) apply both ways.
 */
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { blocks } from '../../db/schema.js';

export async function isBlockedEitherWay(db: Db, a: string, b: string): Promise<boolean> {
  if (a === b) return false;
  const [row] = await db
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(
      or(and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)), and(eq(blocks.blockerId, b), eq(blocks.blockedId, a))),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * A filter for queries that list members (search, suggestions, spotlight, mentions): keeps only those
 * with no block between them and `viewerId`, either way. Two primary-key probes per row.
 */
export function notBlockedWith(viewerId: string, userId: AnyPgColumn | SQL): SQL {
  return sql`not exists (select 1 from ${blocks} where (${blocks.blockerId} = ${viewerId} and ${blocks.blockedId} = ${userId}) or (${blocks.blockerId} = ${userId} and ${blocks.blockedId} = ${viewerId}))`;
}

/** Everyone on either side of a block with `userId`: who must not hear of what they do (a new reel, a post). */
export async function blockedWith(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ blockerId: blocks.blockerId, blockedId: blocks.blockedId })
    .from(blocks)
    .where(or(eq(blocks.blockerId, userId), eq(blocks.blockedId, userId)));
  return rows.map((r) => (r.blockerId === userId ? r.blockedId : r.blockerId));
}
