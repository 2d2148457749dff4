/**
 * What staff do about a reported thing or member, each in one transaction with exactly one row of the
 * audit log. Every action but delete can be reversed (restore, not-sensitive, unlimit, unsuspend, unban),
 * and a reversal is a row of its own naming the action it reverses. Afterwards the thing's open reports
 * close, their reporters hear the outcome, and the member hears what was done and that they may appeal.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  ACTION_DESCRIPTIONS,
  MEMBER_ACTIONS,
  Messages,
  ModerationMessages,
  ServerTexts,
  type ActionBody,
  type ModerationAction,
  type ReportKind,
} from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import {
  comments,
  featureSuggestions,
  messages,
  moderationLog,
  posts,
  reels,
  reports,
  users,
} from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';
import { deleteOtherSessions } from '../../platform/sessions.js';
import { roleOf, type Actor } from '../../policy/authorize.js';
import { loadTarget, type ReportTarget } from './targets.js';

type Tx = Parameters<Parameters<AppDeps['db']['transaction']>[0]>[0];

const CONTENT: Partial<
  Record<
    ReportKind,
    { table: typeof posts | typeof comments | typeof reels | typeof messages | typeof featureSuggestions }
  >
> = {
  post: { table: posts },
  comment: { table: comments },
  reel: { table: reels },
  message: { table: messages },
  suggestion: { table: featureSuggestions },
};

/** The action a reversal undoes. */
export const REVERSES: Partial<Record<ModerationAction, ModerationAction>> = {
  restore: 'remove',
  'not-sensitive': 'sensitive',
  unlimit: 'limit',
  unsuspend: 'suspend',
  unban: 'ban',
};
/** What reverses an action (an accepted appeal runs it). */
export const REVERSAL: Partial<Record<ModerationAction, ModerationAction>> = Object.fromEntries(
  Object.entries(REVERSES).map(([reversal, action]) => [action, reversal]),
);

export const keyOf = (kind: ReportKind, id: string) => `${kind}:${id}`;

export interface Acted {
  actionId: string;
  message: string;
}

/**
 * Applies one action (already authorized as staff: 'staff.act'). `reverses`: the action an appeal
 * reverses (otherwise the last one of its kind on the target).
 */
export async function applyAction(
  deps: AppDeps,
  staff: Actor,
  body: ActionBody & { reason: string },
  reverses?: string,
): Promise<Acted> {
  const action = body.action;
  const target = await loadTarget(deps, body.kind, body.id, null);
  if (!target) throw new AppError(ModerationMessages.notFound, 404);
  const memberAction = MEMBER_ACTIONS.includes(action) || action === 'grant-role';
  const memberId = target.memberId;
  if (memberAction) await checkMemberTarget(deps, staff, memberId);
  if (action === 'grant-role' && staff.role !== 'admin') throw new AppError(ModerationMessages.adminOnly, 403);
  const needsReason = memberAction || action === 'remove' || action === 'sensitive';
  if (needsReason && !body.reason && action !== 'grant-role' && !REVERSES[action]) {
    throw new AppError(ModerationMessages.reasonNeeded, 400);
  }
  if (action === 'suspend' && !body.days) throw new AppError(ModerationMessages.daysNeeded, 400);
  checkFits(action, target);

  const undoes = REVERSES[action] ? (reverses ?? (await lastAction(deps, target, REVERSES[action]))) : null;
  const actionId = randomUUID();
  const details: Record<string, unknown> = {};
  if (body.days) details.days = body.days;
  if (body.role) details.role = body.role;

  const closed = await deps.db.transaction(async (tx) => {
    await effect(tx, action, target, body);
    const closing = await closeReports(tx, target, action);
    if (closing.length > 0) details.reports = closing.map((r) => r.id);
    await tx.insert(moderationLog).values({
      id: actionId,
      actorId: staff.id,
      action,
      targetKind: target.kind,
      targetId: target.id,
      targetMemberId: memberId,
      reason: body.reason,
      details,
      reverses: undoes,
    });
    return closing;
  });
  await afterEffects(deps, action, target, body);
  // Reporters hear the outcome once, whoever else reported the same thing.
  if (closed.length > 0) {
    const reporterIds = [...new Set(closed.map((r) => r.reporterId))];
    await deps.bus.publish('report.resolved', { reporterIds, what: target.kind, acted: action !== 'dismiss' });
  }
  if (memberId && ACTION_DESCRIPTIONS[action]) {
    await deps.bus.publish('moderation.acted', {
      memberId,
      actionId,
      action,
      reason: body.reason,
      days: body.days,
    });
  }
  return { actionId, message: DONE[action](body) };
}

/** What staff read once an action is done. */
const done = ServerTexts.moderation.done;
const DONE: Record<ModerationAction, (body: ActionBody) => string> = {
  dismiss: () => done.dismiss,
  remove: () => done.remove,
  restore: () => done.restore,
  sensitive: () => done.sensitive,
  'not-sensitive': () => done.notSensitive,
  warn: () => done.warn,
  limit: () => done.limit,
  unlimit: () => done.unlimit,
  suspend: (b) => done.suspend(b.days ?? 1),
  unsuspend: () => done.unsuspend,
  ban: () => done.ban,
  unban: () => done.unban,
  delete: () => done.delete,
  'grant-role': (b) => done.grantRole(b.role ?? 'member'),
};

/** Staff act on members, not on staff (an admin may act on a moderator), and never on themselves. */
async function checkMemberTarget(deps: AppDeps, staff: Actor, memberId: string | null): Promise<void> {
  if (!memberId) throw new AppError(ModerationMessages.notFound, 404);
  if (memberId === staff.id) throw new AppError(ModerationMessages.notStaffTarget, 403);
  const [u] = await deps.db.select({ email: users.email, role: users.role }).from(users).where(eq(users.id, memberId));
  if (!u) throw new AppError(ModerationMessages.notFound, 404);
  const role = roleOf(u.email, u.role, deps.config.adminEmails);
  if (role === 'admin' || (role === 'moderator' && staff.role !== 'admin')) {
    throw new AppError(ModerationMessages.notStaffTarget, 403);
  }
}

/** Content actions fit content; sensitive fits posts and clips. */
function checkFits(action: ModerationAction, target: ReportTarget): void {
  const content = CONTENT[target.kind] !== undefined;
  const fits =
    action === 'remove' || action === 'restore'
      ? content
      : action === 'sensitive' || action === 'not-sensitive'
        ? target.kind === 'post' || target.kind === 'reel'
        : true;
  if (!fits) throw new AppError(Messages.server.invalidPayload, 400);
}

async function lastAction(deps: AppDeps, target: ReportTarget, action: ModerationAction): Promise<string | null> {
  const memberLevel = MEMBER_ACTIONS.includes(action);
  const [row] = await deps.db
    .select({ id: moderationLog.id })
    .from(moderationLog)
    .where(
      and(
        eq(moderationLog.action, action),
        memberLevel && target.memberId
          ? eq(moderationLog.targetMemberId, target.memberId)
          : and(eq(moderationLog.targetKind, target.kind), eq(moderationLog.targetId, target.id)),
      ),
    )
    .orderBy(desc(moderationLog.createdAt))
    .limit(1);
  return row?.id ?? null;
}

/** The action's change to the stored thing or member. */
async function effect(tx: Tx, action: ModerationAction, target: ReportTarget, body: ActionBody): Promise<void> {
  const now = new Date();
  const content = CONTENT[target.kind];
  const member = target.memberId;
  const onMember = (set: Partial<typeof users.$inferInsert>) =>
    member ? tx.update(users).set(set).where(eq(users.id, member)) : Promise.resolve();
  switch (action) {
    case 'remove':
    case 'restore':
      if (content) {
        const table = content.table;
        await tx
          .update(table)
          .set({ removedAt: action === 'remove' ? now : null })
          .where(eq(table.id, target.id));
      }
      return;
    case 'sensitive':
    case 'not-sensitive': {
      const table = target.kind === 'reel' ? reels : posts;
      await tx
        .update(table)
        .set({ sensitive: action === 'sensitive' })
        .where(eq(table.id, target.id));
      return;
    }
    case 'limit':
      return void (await onMember({ limitedAt: now }));
    case 'unlimit':
      return void (await onMember({ limitedAt: null }));
    case 'suspend':
      return void (await onMember({
        suspendedUntil: new Date(now.getTime() + (body.days ?? 1) * 86_400_000),
        sanctionReason: body.reason ?? '',
      }));
    case 'unsuspend':
      return void (await onMember({ suspendedUntil: null, sanctionReason: null }));
    case 'ban':
      return void (await onMember({ bannedAt: now, sanctionReason: body.reason ?? '' }));
    case 'unban':
      return void (await onMember({ bannedAt: null, sanctionReason: null }));
    case 'grant-role':
      return void (await onMember({ role: body.role ?? 'member' }));
    case 'dismiss':
    case 'warn':
    case 'delete':
      return;
  }
}

/** The thing's open reports (and, for an action on a member, their profile's) close with the action. */
async function closeReports(tx: Tx, target: ReportTarget, action: ModerationAction) {
  if (REVERSES[action] || action === 'grant-role') return [];
  const keys = [keyOf(target.kind, target.id)];
  if (MEMBER_ACTIONS.includes(action) && target.memberId) keys.push(keyOf('member', target.memberId));
  return tx
    .update(reports)
    .set({ status: action === 'dismiss' ? 'dismissed' : 'resolved', resolvedAt: new Date() })
    .where(and(inArray(reports.targetKey, keys), eq(reports.status, 'open')))
    .returning({ id: reports.id, reporterId: reports.reporterId });
}

/** What members see change at once: removed things leave open screens; a sanction ends every session. */
async function afterEffects(deps: AppDeps, action: ModerationAction, target: ReportTarget, body: ActionBody) {
  const member = target.memberId;
  if (action === 'remove' || action === 'restore') await showRemoval(deps, target, action === 'remove');
  if ((action === 'suspend' || action === 'ban') && member) await deleteOtherSessions(deps, member);
  if (action === 'delete' && member) await deps.account.close(member);
  if (action === 'grant-role' && member) {
    await deps.bus.publish('member.roleChanged', { userId: member, role: body.role ?? 'member' });
  }
}

async function showRemoval(deps: AppDeps, target: ReportTarget, removed: boolean): Promise<void> {
  const owner = target.memberId ?? '';
  switch (target.kind) {
    case 'post':
      if (removed) {
        await deps.bus.publish('post.mutated', {
          actorId: owner,
          result: {
            success: true,
            type: 'delete',
            post_id: target.id,
            message: ModerationMessages.postRemoved,
          },
          hiddenFrom: [],
        });
      }
      return;
    case 'reel':
      if (removed) await deps.bus.publish('reel.deleted', { id: target.id, hiddenFrom: [] });
      return;
    case 'comment': {
      const [c] = await deps.db
        .select({ kind: comments.kind, subjectId: comments.subjectId })
        .from(comments)
        .where(eq(comments.id, target.id));
      if (c?.kind === 'post') {
        const [p] = await deps.db.select({ authorId: posts.authorId }).from(posts).where(eq(posts.id, c.subjectId));
        await deps.bus.publish('comments.changed', {
          content: { kind: 'post', id: c.subjectId, ownerId: p?.authorId ?? owner },
        });
      }
      return;
    }
    case 'message':
      await deps.bus.publish('chat.message.refresh', { messageId: target.id });
      return;
    default:
      return;
  }
}
