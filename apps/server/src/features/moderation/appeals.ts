/**
 * Appeals: a member appeals an action against them once (signed in, or from the sign-in page when the
 * action keeps them out); a different staff member decides. Reversing runs the action's reversal, which
 * writes its own audit row naming the action it reverses.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  ACTION_DESCRIPTIONS,
  ModerationMessages,
  ServerTexts,
  type AppealDto,
  type ModerationAction,
  type ReportKind,
} from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { appeals, moderationLog, users } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';
import type { Actor } from '../../policy/authorize.js';
import { applyAction, REVERSAL } from './actions.js';
import { presentAudit } from './audit.js';
import type { ActionResource } from './policy.js';

/** Actions a member can appeal: those they are told of. */
const appealable = (action: string) => Boolean(ACTION_DESCRIPTIONS[action as ModerationAction]);

export async function loadAction(deps: AppDeps, id: string): Promise<ActionResource | undefined> {
  const [row] = await deps.db
    .select({
      id: moderationLog.id,
      actorId: moderationLog.actorId,
      targetMemberId: moderationLog.targetMemberId,
      action: moderationLog.action,
    })
    .from(moderationLog)
    .where(eq(moderationLog.id, id))
    .limit(1);
  return row;
}

/** The member's latest suspension or ban still in force: what they appeal from the sign-in page. */
export async function standingAction(deps: AppDeps, memberId: string): Promise<ActionResource | undefined> {
  const [row] = await deps.db
    .select({
      id: moderationLog.id,
      actorId: moderationLog.actorId,
      targetMemberId: moderationLog.targetMemberId,
      action: moderationLog.action,
    })
    .from(moderationLog)
    .where(and(eq(moderationLog.targetMemberId, memberId), inArray(moderationLog.action, ['suspend', 'ban'])))
    .orderBy(desc(moderationLog.createdAt))
    .limit(1);
  return row;
}

export async function createAppeal(deps: AppDeps, memberId: string, action: ActionResource, text: string) {
  if (!appealable(action.action)) throw new AppError(ModerationMessages.appealNotAppealable, 400);
  const [reversed] = await deps.db
    .select({ id: moderationLog.id })
    .from(moderationLog)
    .where(eq(moderationLog.reverses, action.id))
    .limit(1);
  if (reversed) throw new AppError(ModerationMessages.appealDecided, 409);
  const inserted = await deps.db
    .insert(appeals)
    .values({ id: randomUUID(), actionId: action.id, memberId, text })
    .onConflictDoNothing()
    .returning({ id: appeals.id });
  if (inserted.length === 0) throw new AppError(ModerationMessages.appealOnce, 409);
  return ModerationMessages.appealReceived;
}

export async function openAppeals(deps: AppDeps): Promise<AppealDto[]> {
  const rows = await deps.db
    .select({ appeal: appeals, action: moderationLog, member: users.username })
    .from(appeals)
    .innerJoin(moderationLog, eq(moderationLog.id, appeals.actionId))
    .innerJoin(users, eq(users.id, appeals.memberId))
    .where(eq(appeals.status, 'open'))
    .orderBy(appeals.createdAt)
    .limit(100);
  const actions = await presentAudit(
    deps,
    rows.map((r) => r.action),
  );
  return rows.map((r, i) => ({
    id: r.appeal.id,
    action: actions[i]!,
    member: r.member,
    text: r.appeal.text,
    status: r.appeal.status,
    at: r.appeal.createdAt.toISOString(),
  }));
}

export async function loadAppealAction(deps: AppDeps, appealId: string): Promise<ActionResource | undefined> {
  const [row] = await deps.db.select({ actionId: appeals.actionId }).from(appeals).where(eq(appeals.id, appealId));
  return row ? loadAction(deps, row.actionId) : undefined;
}

/** Decides an open appeal (authorized: staff, not the one who acted). */
export async function decideAppeal(
  deps: AppDeps,
  staff: Actor,
  appealId: string,
  decision: { reverse: boolean; reason: string },
): Promise<string> {
  const [appeal] = await deps.db.select().from(appeals).where(eq(appeals.id, appealId));
  if (!appeal) throw new AppError(ModerationMessages.notFound, 404);
  if (appeal.status !== 'open') throw new AppError(ModerationMessages.appealDecided, 409);
  const [action] = await deps.db.select().from(moderationLog).where(eq(moderationLog.id, appeal.actionId));
  if (!action) throw new AppError(ModerationMessages.notFound, 404);
  if (decision.reverse) {
    const reversal = REVERSAL[action.action as ModerationAction];
    if (reversal) {
      await applyAction(
        deps,
        staff,
        { action: reversal, kind: action.targetKind as ReportKind, id: action.targetId, reason: decision.reason },
        action.id,
      );
    }
  }
  await deps.db
    .update(appeals)
    .set({ status: decision.reverse ? 'reversed' : 'upheld', decidedBy: staff.id, decidedAt: new Date() })
    .where(eq(appeals.id, appealId));
  await deps.bus.publish('appeal.decided', { memberId: appeal.memberId, reversed: decision.reverse });
  return decision.reverse ? ServerTexts.moderation.appealReversed : ServerTexts.moderation.appealStands;
}

/** A member's own record: the actions they were told of, and where each appeal stands. */
export async function myActions(deps: AppDeps, memberId: string) {
  const rows = await deps.db
    .select({ action: moderationLog, appeal: appeals.status })
    .from(moderationLog)
    .leftJoin(appeals, eq(appeals.actionId, moderationLog.id))
    .where(eq(moderationLog.targetMemberId, memberId))
    .orderBy(desc(moderationLog.createdAt))
    .limit(100);
  const reversed = new Set(rows.map((r) => r.action.reverses).filter((x): x is string => Boolean(x)));
  return rows
    .filter((r) => appealable(r.action.action))
    .map((r) => ({
      id: r.action.id,
      what: ACTION_DESCRIPTIONS[r.action.action as ModerationAction]!((r.action.details as { days?: number }).days),
      reason: r.action.reason,
      at: r.action.createdAt.toISOString(),
      appeal: r.appeal ?? ('none' as const),
      reversed: reversed.has(r.action.id),
    }));
}
