/**
 * The door of sign-up: what the current settings let a new account do, decided before it exists (closed,
 * a blocked domain, a missing or spent invite, no reason given), what its creation then records (the
 * invite used, the request to join), and, at every sign-in, whether an admin has let the member in yet.
 * None of this depends on whether the address already has an account, so nothing here tells that.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import { SignupMessages } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { invites, signupRequests } from '../../db/schema.js';
import { AppError, RateLimitedError } from '../../platform/errors.js';
import { domainBlocked, signupSettings } from './settings.js';

type Tx = Parameters<Parameters<AppDeps['db']['transaction']>[0]>[0];

/** What a new account will record as it is created. */
export type Admission = { mode: 'open' } | { mode: 'invite'; code: string } | { mode: 'approval'; why: string };

/** Refuses an invite code that is unknown, used or expired (by the first that applies). */
async function checkInvite(deps: AppDeps, code: string): Promise<void> {
  const [invite] = await deps.db.select().from(invites).where(eq(invites.code, code)).limit(1);
  if (!invite) throw new AppError(SignupMessages.inviteInvalid, 400, 'invite');
  if (invite.usedAt) throw new AppError(SignupMessages.inviteUsed, 409, 'invite');
  if (invite.expiresAt.getTime() <= Date.now()) throw new AppError(SignupMessages.inviteExpired, 400, 'invite');
}

/** A sign-up with the form: refused with the mode's (or the domain's) message, or admitted. */
export async function admitSignup(
  deps: AppDeps,
  input: { email: string; invite?: string | undefined; why?: string | undefined },
): Promise<Admission> {
  const { mode, blockedDomains } = await signupSettings(deps);
  if (mode === 'closed') throw new AppError(SignupMessages.closed, 403);
  if (domainBlocked(input.email, blockedDomains)) throw new AppError(SignupMessages.domainBlocked, 403, 'email');
  if (mode === 'invite') {
    const code = input.invite?.trim();
    if (!code) throw new AppError(SignupMessages.inviteRequired, 403, 'invite');
    await checkInvite(deps, code);
    return { mode, code };
  }
  if (mode === 'approval') {
    const why = input.why?.trim();
    if (!why) throw new AppError(SignupMessages.whyRequired, 400, 'why');
    return { mode, why };
  }
  return { mode: 'open' };
}

/** A new account through Google: only while sign-ups are open (it carries no invite and no reason). */
export async function admitGoogleSignup(deps: AppDeps, email: string): Promise<void> {
  const { mode, blockedDomains } = await signupSettings(deps);
  if (mode === 'closed') throw new AppError(SignupMessages.closed, 403);
  if (domainBlocked(email, blockedDomains)) throw new AppError(SignupMessages.domainBlocked, 403);
  if (mode === 'invite') throw new AppError(SignupMessages.googleInviteOnly, 403);
  if (mode === 'approval') throw new AppError(SignupMessages.googleApproval, 403);
}

/**
 * In the transaction that creates the account: the invite is taken (once: a second sign-up racing with
 * the same code loses here), or the request to join is filed.
 */
export async function recordSignup(tx: Tx, userId: string, admission: Admission): Promise<void> {
  if (admission.mode === 'invite') {
    const now = new Date();
    const taken = await tx
      .update(invites)
      .set({ usedBy: userId, usedAt: now })
      .where(and(eq(invites.code, admission.code), isNull(invites.usedAt), gt(invites.expiresAt, now)))
      .returning({ code: invites.code });
    if (!taken.length) throw new AppError(SignupMessages.inviteUsed, 409, 'invite');
  } else if (admission.mode === 'approval') {
    await tx.insert(signupRequests).values({ userId, why: admission.why });
  }
}

/** The account was taken back (its code mail could not be queued): its invite works again. */
export async function undoSignup(deps: AppDeps, userId: string): Promise<void> {
  await deps.db.update(invites).set({ usedBy: null, usedAt: null }).where(eq(invites.usedBy, userId));
}

/** Every way in (auth's startSession): a member whose request to join is open or refused gets no session. */
export async function refuseUnapproved(deps: AppDeps, userId: string): Promise<void> {
  const [request] = await deps.db
    .select({ status: signupRequests.status })
    .from(signupRequests)
    .where(eq(signupRequests.userId, userId))
    .limit(1);
  if (request?.status === 'pending') throw new AppError(SignupMessages.awaitingApproval, 403);
  if (request?.status === 'rejected') throw new AppError(SignupMessages.rejected, 403);
}

/** At most five sign-ups per client address per 30 minutes: checked before one, counted after it. */
export async function checkSignupsLeft(deps: AppDeps, ip: string): Promise<void> {
  try {
    await deps.limiters.check('signupsPerIp', ip);
  } catch (err) {
    if (err instanceof RateLimitedError) {
      const minutes = Math.max(1, Math.ceil(err.retryAfterSeconds / 60));
      throw new RateLimitedError(SignupMessages.tooManySignups(minutes), err.retryAfterSeconds);
    }
    throw err;
  }
}

export async function countSignup(deps: AppDeps, ip: string): Promise<void> {
  await deps.limiters.charge('signupsPerIp', ip);
}
