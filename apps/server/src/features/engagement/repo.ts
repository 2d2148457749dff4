/** Engagement queries: the comment thread of a subject, one comment, and a subject's counters. */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { comments, users } from '../../db/schema.js';
import type { ContentKind, ContentRef } from '../../events/map.js';
import { seesWorkOf } from '../../policy/relations.js';
import { COUNTERS } from './kinds.js';
import type { CommentRecord } from './presenters.js';

export interface Counts {
  likes: number;
  comments: number;
  shares: number;
}

/**
 * The thread as `viewerId` sees it: comments of members across a block with them, members they muted, and
 * limited members they do not follow left out.
 */
export async function commentRecords(
  db: Db,
  kind: ContentKind,
  subjectId: string,
  viewerId: string,
): Promise<CommentRecord[]> {
  return db
    .select({
      id: comments.id,
      parentId: comments.parentId,
      content: comments.content,
      createdAt: comments.createdAt,
      authorName: users.name,
      authorUsername: users.username,
      authorAvatar: users.avatar,
      removedAt: comments.removedAt,
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.authorId))
    .where(and(eq(comments.kind, kind), eq(comments.subjectId, subjectId), seesWorkOf(viewerId, comments.authorId)))
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(1000);
}

export async function findComment(db: Db, content: ContentRef, commentId: string) {
  const [row] = await db
    .select({ id: comments.id, parentId: comments.parentId, authorId: comments.authorId })
    .from(comments)
    .where(and(eq(comments.id, commentId), eq(comments.kind, content.kind), eq(comments.subjectId, content.id)))
    .limit(1);
  return row;
}

/** Moves one counter of a subject by `delta` (never below zero) and answers all three. */
export async function bump(
  db: Pick<Db, 'execute'>,
  content: { kind: ContentKind; id: string },
  counter: keyof Counts,
  delta: number,
): Promise<Counts> {
  const c = COUNTERS[content.kind];
  const column = c[counter];
  const [row] = rowsOf<Counts>(
    await db.execute(sql`update ${c.table} set ${sql.identifier(column.name)} = greatest(0, ${column} + ${delta})
      where ${c.id} = ${content.id}
      returning ${c.likes} as likes, ${c.comments} as comments, ${c.shares} as shares`),
  );
  return row ?? { likes: 0, comments: 0, shares: 0 };
}
