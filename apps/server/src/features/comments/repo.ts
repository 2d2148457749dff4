/** Queries for post comments: the list, one comment, and adding one with the post's counter. */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { comments, posts, users } from '../../db/schema.js';
import type { CommentRecord } from './presenters.js';

export async function commentRecords(db: Db, postId: string): Promise<CommentRecord[]> {
  return db
    .select({
      id: comments.id,
      parentId: comments.parentId,
      content: comments.content,
      createdAt: comments.createdAt,
      authorName: users.name,
      authorAvatar: users.avatar,
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.authorId))
    .where(eq(comments.postId, postId))
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(1000);
}

export async function findComment(db: Db, postId: string, commentId: string) {
  const [row] = await db
    .select({ id: comments.id, parentId: comments.parentId, authorId: comments.authorId })
    .from(comments)
    .where(and(eq(comments.id, commentId), eq(comments.postId, postId)))
    .limit(1);
  return row;
}

/** The comment and the post's counter in one transaction, so the feed's count never drifts. */
export async function insertComment(
  db: Db,
  c: { postId: string; authorId: string; content: string; parentId: string | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(comments).values({ id: randomUUID(), ...c });
    await tx
      .update(posts)
      .set({ commentCount: sql`${posts.commentCount} + 1` })
      .where(eq(posts.id, c.postId));
  });
}
