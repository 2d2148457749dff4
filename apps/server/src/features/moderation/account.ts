/**
 * Trust and safety's part of a member's account. Exported: their reports, mutes, muted words and
 * appeals. Deleted: the same, and reports about them (the things reported are deleted with the account).
 * Invites and requests to join are sign-up's (features/signup). The audit log keeps its rows (who acted,
 * on whom, why): it is append-only by design, a record staff may need; the README lists it.
 */
import { eq, or } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { appeals, mutedWords, mutes, reportNotes, reports, users } from '../../db/schema.js';
import type { AccountExport } from '../../account.js';

export async function exportModeration(deps: AppDeps, userId: string, out: AccountExport): Promise<void> {
  const { db } = deps;
  out.json(
    'reports.json',
    'reports',
    await db
      .select({
        kind: reports.targetKind,
        reason: reports.reason,
        note: reports.note,
        status: reports.status,
        at: reports.createdAt,
      })
      .from(reports)
      .where(eq(reports.reporterId, userId)),
  );
  out.json('muted.json', 'mutes', {
    members: (
      await db
        .select({ username: users.username })
        .from(mutes)
        .innerJoin(users, eq(users.id, mutes.mutedId))
        .where(eq(mutes.muterId, userId))
    ).map((m) => m.username),
    words: (await db.select({ word: mutedWords.word }).from(mutedWords).where(eq(mutedWords.userId, userId))).map(
      (w) => w.word,
    ),
  });
  out.json(
    'appeals.json',
    'appeals',
    await db
      .select({ text: appeals.text, status: appeals.status, at: appeals.createdAt })
      .from(appeals)
      .where(eq(appeals.memberId, userId)),
  );
}

export async function deleteModeration(deps: AppDeps, userId: string): Promise<void> {
  const { db } = deps;
  await db.delete(reports).where(or(eq(reports.reporterId, userId), eq(reports.targetMemberId, userId)));
  await db.delete(reportNotes).where(eq(reportNotes.authorId, userId));
  await db.delete(mutes).where(or(eq(mutes.muterId, userId), eq(mutes.mutedId, userId)));
  await db.delete(mutedWords).where(eq(mutedWords.userId, userId));
  await db.delete(appeals).where(eq(appeals.memberId, userId));
}
