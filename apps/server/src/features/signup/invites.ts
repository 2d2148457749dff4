/**
 * Invite codes: while joining is by invitation, a member makes up to five unused ones at a time (an admin
 * as many as they like, in any mode, to have them ready), each working once until it expires (7 days
 * unless chosen otherwise). The member lists and revokes their own; an admin sees and revokes every one.
 */
import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import { SIGNUP_LIMITS, SignupMessages, type InviteDto } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { invites, users } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';
import type { Actor } from '../../policy/authorize.js';
import { logStaffAction } from './audit.js';
import type { InviteResource } from './policy.js';
import { signupSettings } from './settings.js';

type InviteRow = typeof invites.$inferSelect;

async function usernames(deps: AppDeps, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (!wanted.length) return new Map();
  const rows = await deps.db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r.username]));
}

async function present(deps: AppDeps, rows: InviteRow[]): Promise<InviteDto[]> {
  const names = await usernames(
    deps,
    rows.flatMap((r) => [r.createdBy, r.usedBy]),
  );
  const now = Date.now();
  return rows.map((r) => ({
    code: r.code,
    link: `${deps.config.publicUrl}/signup?invite=${encodeURIComponent(r.code)}`,
    status: r.usedAt ? 'used' : r.expiresAt.getTime() <= now ? 'expired' : 'unused',
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    createdBy: r.createdBy ? (names.get(r.createdBy) ?? null) : null,
    usedBy: r.usedBy ? (names.get(r.usedBy) ?? null) : null,
    usedAt: r.usedAt?.toISOString() ?? null,
  }));
}

async function unusedOf(deps: AppDeps, userId: string): Promise<number> {
  const [row] = await deps.db
    .select({ n: count() })
    .from(invites)
    .where(and(eq(invites.createdBy, userId), isNull(invites.usedAt), gt(invites.expiresAt, new Date())));
  return row?.n ?? 0;
}

/** Whether the actor may make invites now, and how many more (null: no limit). */
async function allowance(deps: AppDeps, actor: Actor): Promise<{ enabled: boolean; left: number | null }> {
  if (actor.role === 'admin') return { enabled: true, left: null };
  const { mode } = await signupSettings(deps);
  return {
    enabled: mode === 'invite',
    left: Math.max(0, SIGNUP_LIMITS.invitesPerMember - (await unusedOf(deps, actor.id))),
  };
}

export async function myInvites(deps: AppDeps, actor: Actor) {
  const rows = await deps.db
    .select()
    .from(invites)
    .where(eq(invites.createdBy, actor.id))
    .orderBy(desc(invites.createdAt))
    .limit(100);
  return { ...(await allowance(deps, actor)), invites: await present(deps, rows) };
}

export async function createInvite(deps: AppDeps, actor: Actor, days: number): Promise<InviteDto> {
  const { enabled, left } = await allowance(deps, actor);
  if (!enabled) throw new AppError(SignupMessages.invitesOff, 403);
  if (left !== null && left <= 0) throw new AppError(SignupMessages.inviteLimit(SIGNUP_LIMITS.invitesPerMember), 429);
  const [row] = await deps.db
    .insert(invites)
    .values({
      code: randomBytes(12).toString('base64url'),
      createdBy: actor.id,
      expiresAt: new Date(Date.now() + days * 24 * 60 * 60_000),
    })
    .returning();
  return (await present(deps, [row!]))[0]!;
}

export async function loadInvite(deps: AppDeps, code: string): Promise<InviteResource | undefined> {
  const [row] = await deps.db
    .select({ code: invites.code, createdBy: invites.createdBy, usedAt: invites.usedAt })
    .from(invites)
    .where(eq(invites.code, code))
    .limit(1);
  return row;
}

export async function revokeInvite(deps: AppDeps, actor: Actor, invite: InviteResource): Promise<void> {
  if (invite.usedAt) throw new AppError(SignupMessages.inviteAlreadyUsed, 409);
  await deps.db.transaction(async (tx) => {
    await tx.delete(invites).where(and(eq(invites.code, invite.code), isNull(invites.usedAt)));
    // An admin revoking someone else's invite is a staff action: it goes in the audit log.
    if (invite.createdBy !== actor.id && invite.createdBy) {
      await logStaffAction(tx, actor.id, 'revoke-invite', {
        kind: 'member',
        id: invite.createdBy,
        member: invite.createdBy,
        details: { code: invite.code },
      });
    }
  });
}

/** Every invite, newest first (the admins' list). */
export async function allInvites(deps: AppDeps): Promise<InviteDto[]> {
  const rows = await deps.db.select().from(invites).orderBy(desc(invites.createdAt)).limit(200);
  return present(deps, rows);
}
