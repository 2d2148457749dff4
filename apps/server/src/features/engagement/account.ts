/**
 * Engagement's part of a member's account. Exported: what they liked, commented and shared. Deleted:
 * their likes and comments (with the replies others wrote under their comments, which hang on nothing
 * without them), each subject's counters moved back; their shares stay counted but name nobody.
 */
import { and, eq, inArray, or } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { comments, likes, shares } from '../../db/schema.js';
import { after, byKeyset, EXPORT_PAGE, type AccountExport } from '../../account.js';
import type { ContentKind } from '../../events/map.js';
import { bump } from './repo.js';

export function exportEngagement(deps: AppDeps, userId: string, out: AccountExport): void {
  const { db } = deps;
  out.rows('comments.json', 'comments', (cursor) =>
    db
      .select({
        id: comments.id,
        on: comments.kind,
        subjectId: comments.subjectId,
        parentId: comments.parentId,
        content: comments.content,
        createdAt: comments.createdAt,
        _at: comments.createdAt,
        _id: comments.id,
      })
      .from(comments)
      .where(and(eq(comments.authorId, userId), after(comments, cursor)))
      .orderBy(...byKeyset(comments))
      .limit(EXPORT_PAGE),
  );
  out.rows('likes.json', 'likes', (cursor) =>
    db
      .select({
        on: likes.kind,
        subjectId: likes.subjectId,
        createdAt: likes.createdAt,
        _at: likes.createdAt,
        _id: likes.subjectId,
      })
      .from(likes)
      .where(and(eq(likes.userId, userId), after({ createdAt: likes.createdAt, id: likes.subjectId }, cursor)))
      .orderBy(...byKeyset({ createdAt: likes.createdAt, id: likes.subjectId }))
      .limit(EXPORT_PAGE),
  );
  out.rows('shares.json', 'shares', (cursor) =>
    db
      .select({
        on: shares.kind,
        subjectId: shares.subjectId,
        network: shares.network,
        createdAt: shares.createdAt,
        _at: shares.createdAt,
        _id: shares.id,
      })
      .from(shares)
      .where(and(eq(shares.userId, userId), after(shares, cursor)))
      .orderBy(...byKeyset(shares))
      .limit(EXPORT_PAGE),
  );
}

export async function deleteEngagement(deps: AppDeps, userId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const unliked = await tx
      .delete(likes)
      .where(eq(likes.userId, userId))
      .returning({ kind: likes.kind, id: likes.subjectId });
    for (const l of unliked) await bump(tx, { kind: l.kind as ContentKind, id: l.id }, 'likes', -1);

    const theirs = await tx.select({ id: comments.id }).from(comments).where(eq(comments.authorId, userId));
    const ids = theirs.map((c) => c.id);
    if (ids.length > 0) {
      const gone = await tx
        .delete(comments)
        .where(or(inArray(comments.id, ids), inArray(comments.parentId, ids)))
        .returning({ kind: comments.kind, id: comments.subjectId });
      const perSubject = new Map<string, { kind: ContentKind; id: string; n: number }>();
      for (const g of gone) {
        const key = `${g.kind}:${g.id}`;
        const entry = perSubject.get(key) ?? { kind: g.kind as ContentKind, id: g.id, n: 0 };
        entry.n += 1;
        perSubject.set(key, entry);
      }
      for (const s of perSubject.values()) await bump(tx, s, 'comments', -s.n);
    }
    await tx.update(shares).set({ userId: null }).where(eq(shares.userId, userId));
  });
}
