/**
 * Reports: a member reports something they can see, with a reason and an optional note; a second report of
 * the same thing by the same member updates the first. Staff read them grouped by the thing reported, with
 * what the member did before (the audit log), assign one to themselves and leave notes.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import {
  ModerationMessages,
  type ReportDetail,
  type ReportGroup,
  type ReportKind,
  type ReportReason,
  type ReportSnapshot,
} from '@sajha/contract';
import type { z } from 'zod';
import type { queueQuerySchema } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { moderationLog, reportNotes, reports, users } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';
import { roleOf } from '../../policy/authorize.js';
import { keyOf } from './actions.js';
import { presentAudit } from './audit.js';
import { loadTarget, type ReportTarget } from './targets.js';

export async function createReport(
  deps: AppDeps,
  reporterId: string,
  target: ReportTarget,
  input: { reason: ReportReason; note: string },
): Promise<string> {
  await deps.limiters.consume('reportPerUser', reporterId);
  const key = keyOf(target.kind, target.id);
  const values = {
    reason: input.reason,
    note: input.note,
    snapshot: target.snapshot,
    createdAt: new Date(),
  };
  // One open report per member per thing: reporting it again updates the reason, note and snapshot.
  await deps.db
    .insert(reports)
    .values({
      id: randomUUID(),
      reporterId,
      targetKind: target.kind,
      targetId: target.id,
      targetKey: key,
      targetMemberId: target.memberId,
      ...values,
    })
    .onConflictDoUpdate({
      target: [reports.reporterId, reports.targetKey],
      targetWhere: sql`status = 'open'`,
      set: values,
    });
  return ModerationMessages.reportReceived;
}

type Query = z.output<typeof queueQuerySchema>;

/** The queue: reported things with their report count, newest report first. */
export async function queue(deps: AppDeps, q: Query): Promise<ReportGroup[]> {
  const older = q.olderThanHours ? new Date(Date.now() - q.olderThanHours * 3_600_000) : undefined;
  const groups = await deps.db
    .select({
      key: reports.targetKey,
      count: sql<number>`count(*)::int`,
      firstAt: sql<string>`min(${reports.createdAt})::text`,
      lastAt: sql<string>`max(${reports.createdAt})::text`,
      reasons: sql<ReportReason[]>`array_agg(distinct ${reports.reason})`,
    })
    .from(reports)
    .where(
      and(
        eq(reports.status, q.status),
        q.reason ? eq(reports.reason, q.reason) : undefined,
        q.kind ? eq(reports.targetKind, q.kind) : undefined,
        older ? lt(reports.createdAt, older) : undefined,
      ),
    )
    .groupBy(reports.targetKey)
    .orderBy(sql`max(${reports.createdAt}) desc`)
    .limit(100);
  const out: ReportGroup[] = [];
  for (const g of groups) {
    const [latest] = await deps.db
      .select()
      .from(reports)
      .where(and(eq(reports.targetKey, g.key), eq(reports.status, q.status)))
      .orderBy(desc(reports.createdAt))
      .limit(1);
    if (!latest) continue;
    out.push({
      key: g.key,
      kind: latest.targetKind as ReportKind,
      id: latest.targetId,
      count: g.count,
      reasons: g.reasons,
      status: q.status,
      firstAt: new Date(g.firstAt).toISOString(),
      lastAt: new Date(g.lastAt).toISOString(),
      assignedTo: await usernameOf(deps, latest.assignedTo),
      snapshot: await currentSnapshot(deps, latest.targetKind as ReportKind, latest.targetId, latest.snapshot),
    });
  }
  return out;
}

/** The thing as it is now when it still exists (so staff see an edit), else as the reporter saw it. */
async function currentSnapshot(deps: AppDeps, kind: ReportKind, id: string, saved: unknown): Promise<ReportSnapshot> {
  const now = kind === 'message' ? undefined : await loadTarget(deps, kind, id, null);
  return now?.snapshot ?? (saved as ReportSnapshot);
}

async function usernameOf(deps: AppDeps, id: string | null): Promise<string | null> {
  if (!id) return null;
  const [u] = await deps.db.select({ username: users.username }).from(users).where(eq(users.id, id));
  return u?.username ?? null;
}

/** One reported thing with every report, the staff notes, and the member's history of actions. */
export async function reportDetail(deps: AppDeps, kind: ReportKind, id: string): Promise<ReportDetail> {
  const key = keyOf(kind, id);
  const rows = await deps.db.select().from(reports).where(eq(reports.targetKey, key)).orderBy(desc(reports.createdAt));
  const latest = rows[0];
  if (!latest) throw new AppError(ModerationMessages.notFound, 404);
  const open = rows.filter((r) => r.status === 'open');
  const shown = open.length > 0 ? open : rows;
  const notes = await deps.db
    .select({ author: users.username, text: reportNotes.text, at: reportNotes.createdAt })
    .from(reportNotes)
    .innerJoin(users, eq(users.id, reportNotes.authorId))
    .where(eq(reportNotes.targetKey, key))
    .orderBy(asc(reportNotes.createdAt));
  const memberId = latest.targetMemberId;
  const history = memberId
    ? await presentAudit(
        deps,
        await deps.db
          .select()
          .from(moderationLog)
          .where(eq(moderationLog.targetMemberId, memberId))
          .orderBy(desc(moderationLog.createdAt))
          .limit(50),
      )
    : [];
  const [m] = memberId ? await deps.db.select().from(users).where(eq(users.id, memberId)) : [];
  return {
    key,
    kind,
    id,
    count: shown.length,
    reasons: [...new Set(shown.map((r) => r.reason as ReportReason))],
    status: latest.status,
    firstAt: shown[shown.length - 1]!.createdAt.toISOString(),
    lastAt: shown[0]!.createdAt.toISOString(),
    assignedTo: await usernameOf(deps, latest.assignedTo),
    // A chat message is shown as it was reported, with the messages around it (this report only).
    snapshot: await currentSnapshot(deps, kind, id, latest.snapshot),
    reports: shown.map((r) => ({
      id: r.id,
      reason: r.reason as ReportReason,
      note: r.note,
      at: r.createdAt.toISOString(),
    })),
    notes: notes.map((n) => ({ author: n.author, text: n.text, at: n.at.toISOString() })),
    history,
    memberState: m
      ? {
          role: roleOf(m.email, m.role, deps.config.adminEmails),
          suspendedUntil: m.suspendedUntil && m.suspendedUntil > new Date() ? m.suspendedUntil.toISOString() : null,
          banned: Boolean(m.bannedAt),
          limited: Boolean(m.limitedAt),
        }
      : null,
  };
}

/** Takes the thing's open reports (a moderator says "mine"). */
export async function assign(deps: AppDeps, staffId: string, kind: ReportKind, id: string): Promise<void> {
  await deps.db
    .update(reports)
    .set({ assignedTo: staffId })
    .where(and(eq(reports.targetKey, keyOf(kind, id)), eq(reports.status, 'open')));
}

export async function addNote(deps: AppDeps, staffId: string, kind: ReportKind, id: string, text: string) {
  const key = keyOf(kind, id);
  const [any] = await deps.db.select({ id: reports.id }).from(reports).where(eq(reports.targetKey, key)).limit(1);
  if (!any) throw new AppError(ModerationMessages.notFound, 404);
  await deps.db.insert(reportNotes).values({ id: randomUUID(), targetKey: key, authorId: staffId, text });
}
