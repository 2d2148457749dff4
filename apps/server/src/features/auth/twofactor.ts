/**
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238, via otpauth). Set-up keeps a pending
 * secret until the member proves it with a code; then ten one-time recovery codes are issued (only
 * their sha256 is kept). A password sign-in of such a member gets a short challenge instead of a
 * session; the code (or a recovery code) finishes it. A code's time step is accepted once.
 *
 * Guessing is bounded twice, each counted before the code is looked at, so parallel requests cannot
 * slip past: a challenge takes five codes (an attempt is claimed by one conditional UPDATE), and an
 * account ten per 15 minutes across all its challenges and addresses (a limiter keyed by the member).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { APP_NAME, RECOVERY_CODE_COUNT, SettingsText } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { recoveryCodes, twoFactorChallenges, users } from '../../db/schema.js';
import { randomToken, sha256 } from '../../platform/crypto.js';
import { AppError, RateLimitedError } from '../../platform/errors.js';
import { verifyPassword } from '../../platform/passwords.js';
import { loadMember as loadUser } from '../../platform/current-user.js';
import type { UserRow } from '../../platform/usernames.js';

export const CHALLENGE_COOKIE = 'sajha_2fa';
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
const CHALLENGE_MAX_ATTEMPTS = 5;

const totpFor = (secret: string, label = '') =>
  new TOTP({ issuer: APP_NAME, label, secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });

/** The time step a valid code belongs to (±1 step of clock drift), or null. */
function matchingStep(secret: string, code: string): number | null {
  const totp = totpFor(secret);
  const delta = totp.validate({ token: code, window: 1 });
  return delta === null ? null : totp.counter() + delta;
}

export async function beginSetup(deps: AppDeps, userId: string): Promise<{ secret: string; otpauthUrl: string }> {
  const user = await loadUser(deps, userId);
  if (user.totpSecret) throw new AppError(SettingsText.twoFactorAlreadyOn, 409);
  const secret = new Secret({ size: 20 }).base32;
  await deps.db.update(users).set({ totpPendingSecret: secret }).where(eq(users.id, userId));
  return { secret, otpauthUrl: totpFor(secret, user.email).toString() };
}

const newRecoveryCode = (): string => {
  const s = randomBytes(8)
    .toString('base64url')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, 'x');
  return `${s.slice(0, 5)}-${s.slice(5, 10).padEnd(5, 'x')}`;
};

export async function enable(deps: AppDeps, userId: string, code: string): Promise<string[]> {
  const user = await loadUser(deps, userId);
  if (user.totpSecret) throw new AppError(SettingsText.twoFactorAlreadyOn, 409);
  if (!user.totpPendingSecret) throw new AppError(SettingsText.twoFactorNotStarted, 400);
  const step = matchingStep(user.totpPendingSecret, code);
  if (step === null) throw new AppError(SettingsText.twoFactorCodeWrong, 400);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpSecret: user.totpPendingSecret, totpPendingSecret: null, totpLastStep: step })
      .where(eq(users.id, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx
      .insert(recoveryCodes)
      .values(codes.map((c) => ({ id: randomUUID(), userId, codeHash: sha256(`${userId}:${c}`) })));
  });
  return codes;
}

export async function disable(deps: AppDeps, userId: string, password: string): Promise<void> {
  const user = await loadUser(deps, userId);
  await deps.limiters.consume('loginPerAccount', user.email);
  if (!(await verifyPassword(user.passwordHash, password))) throw new AppError(SettingsText.passwordWrong, 400);
  await deps.limiters.reset('loginPerAccount', user.email);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null })
      .where(eq(users.id, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  });
}

export const twoFactorOn = (user: UserRow): boolean => Boolean(user.totpSecret);

/** A password sign-in that still needs its code: returns the token for the challenge cookie. */
export async function startChallenge(deps: AppDeps, userId: string, remember: boolean): Promise<string> {
  const token = randomToken();
  await deps.db.insert(twoFactorChallenges).values({
    id: randomUUID(),
    tokenHash: sha256(token),
    userId,
    remember,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
  });
  return token;
}

/**
 * One attempt on the challenge, counted before the code is checked: the UPDATE claims it only while
 * fewer than five were made, so of many codes sent at once only five are ever checked.
 */
async function claimAttempt(deps: AppDeps, token: string | undefined) {
  if (!token) return undefined;
  const [ch] = await deps.db
    .update(twoFactorChallenges)
    .set({ attempts: sql`${twoFactorChallenges.attempts} + 1` })
    .where(
      and(
        eq(twoFactorChallenges.tokenHash, sha256(token)),
        gt(twoFactorChallenges.expiresAt, new Date()),
        lt(twoFactorChallenges.attempts, CHALLENGE_MAX_ATTEMPTS),
      ),
    )
    .returning();
  return ch;
}

/** One guess against the account's budget (all challenges, all addresses), taken before the code is checked. */
async function takeAccountGuess(deps: AppDeps, userId: string): Promise<void> {
  try {
    await deps.limiters.consume('twoFactorGuessPerAccount', userId);
  } catch (err) {
    if (!(err instanceof RateLimitedError)) throw err;
    throw new RateLimitedError(SettingsText.twoFactorTooManyCodes, err.retryAfterSeconds);
  }
}

/** Checks the code for the challenge; on success the challenge is spent and the member returned. */
export async function finishChallenge(
  deps: AppDeps,
  token: string | undefined,
  code: string,
): Promise<{ user: UserRow; remember: boolean }> {
  const ch = await claimAttempt(deps, token);
  if (!ch) throw new AppError(SettingsText.twoFactorExpired, 401);
  await takeAccountGuess(deps, ch.userId);
  const user = await loadUser(deps, ch.userId);
  if (!(await acceptCode(deps, user, code))) throw new AppError(SettingsText.twoFactorCodeWrong, 401);
  // The owner's right code was no guess: it does not count against the account.
  await deps.limiters.refund('twoFactorGuessPerAccount', ch.userId);
  await deps.db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.id, ch.id));
  return { user, remember: ch.remember };
}

async function acceptCode(deps: AppDeps, user: UserRow, code: string): Promise<boolean> {
  if (!user.totpSecret) return false;
  if (/^\d{6}$/.test(code)) {
    const step = matchingStep(user.totpSecret, code);
    if (step === null || (user.totpLastStep !== null && step <= user.totpLastStep)) return false;
    // Conditional update: two simultaneous uses of one code cannot both win.
    const won = await deps.db
      .update(users)
      .set({ totpLastStep: step })
      .where(
        and(
          eq(users.id, user.id),
          user.totpLastStep === null ? isNull(users.totpLastStep) : eq(users.totpLastStep, user.totpLastStep),
        ),
      )
      .returning({ id: users.id });
    return won.length > 0;
  }
  const used = await deps.db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, user.id),
        eq(recoveryCodes.codeHash, sha256(`${user.id}:${code.toLowerCase()}`)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}
