/** The audit log as staff read it: who did what, to what and whom, why and when; admins filter it. */
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { AuditEntry } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { moderationLog, users } from '../../db/schema.js';

type LogRow = typeof moderationLog.$inferSelect;

export async function presentAudit(deps: AppDeps, rows: LogRow[]): Promise<AuditEntry[]> {
  const ids = [...new Set(rows.flatMap((r) => [r.actorId, r.targetMemberId]).filter((x): x is string => Boolean(x)))];
  const names = new Map(
    ids.length
      ? (
          await deps.db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, ids))
        ).map((u) => [u.id, u.username] as const)
      : [],
  );
  return rows.map((r) => ({
    id: r.id,
    actor: r.actorId ? (names.get(r.actorId) ?? null) : null,
    action: r.action,
    targetKind: r.targetKind,
    targetId: r.targetId,
    member: r.targetMemberId ? (names.get(r.targetMemberId) ?? null) : null,
    reason: r.reason,
    details: r.details as Record<string, unknown>,
    reverses: r.reverses,
    at: r.createdAt.toISOString(),
  }));
}

/** The newest 200 entries, filtered by the acting staff member's or the member's username, or the action. */
export async function auditLog(
  deps: AppDeps,
  filter: { actor?: string | undefined; member?: string | undefined; action?: string | undefined },
): Promise<AuditEntry[]> {
  const idOf = async (username: string | undefined) => {
    if (!username) return undefined;
    const [u] = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, username.replace(/^@/, '')));
    return u?.id ?? '00000000-0000-0000-0000-000000000000';
  };
  const [actorId, memberId] = [await idOf(filter.actor), await idOf(filter.member)];
  const where: (SQL | undefined)[] = [
    actorId ? eq(moderationLog.actorId, actorId) : undefined,
    memberId ? eq(moderationLog.targetMemberId, memberId) : undefined,
    filter.action ? eq(moderationLog.action, filter.action) : undefined,
  ];
  const rows = await deps.db
    .select()
    .from(moderationLog)
    .where(and(...where))
    .orderBy(desc(moderationLog.createdAt))
    .limit(200);
  return presentAudit(deps, rows);
}
