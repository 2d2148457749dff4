/**
 * Accounts: sign-up with a mailed 6-digit code, sign-in, password reset, Google sign-in.
 * Transport-free: routes parse input and set cookies; this module holds the rules.
 */
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { searchVector } from '../../platform/search-index.js';
import { randomInt, randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { ServerTexts, SignupMessages, type CurrentUser, type Locale } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import type { JobMap } from '../../platform/jobs.js';
import { emailCodes, passwordResets, users } from '../../db/schema.js';
import { randomToken, sha256, sixDigitCode } from '../../platform/crypto.js';
import { AppError, isUniqueViolation, RateLimitedError } from '../../platform/errors.js';
import type { GoogleIdentity } from './google.js';
import { accountExistsMail, passwordResetMail, verificationMail } from './mails.js';
import { dummyHash, hashPassword, verifyPassword } from '../../platform/passwords.js';
import { presentCurrentUser } from '../../platform/current-user.js';
import { languageOf } from '../../platform/locale.js';
import { createSession, deleteOtherSessions } from '../../platform/sessions.js';
import { usernameHeld } from '../../platform/usernames.js';
import { refuseSanctioned } from '../../platform/sanctions.js';
import {
  admitGoogleSignup,
  admitSignup,
  recordSignup,
  refuseUnapproved,
  requireBotCheck,
  undoSignup,
} from '../signup/index.js';

export const CODE_TTL_MIN = 15;
export const CODE_MAX_ATTEMPTS = 5;
export const RESET_TTL_MIN = 30;
export const RESEND_COOLDOWN_MS = 120_000;
const NIL_ID = '00000000-0000-0000-0000-000000000000';

/** The answers of this area (in the contract's catalogue, so they are read in the member's language). */
export const AuthText = ServerTexts.auth;

type UserRow = typeof users.$inferSelect;

async function findByEmail(deps: AppDeps, email: string): Promise<UserRow | undefined> {
  const rows = await deps.db.select().from(users).where(eq(users.email, email)).limit(1);
  return rows[0];
}

/** Taken when it is someone's username, or another member's old one within 30 days. */
const usernameTaken = (deps: AppDeps, username: string): Promise<boolean> => usernameHeld(deps.db, username);

/**
 * Issues and mails a fresh code unless one went out within the cooldown; returns seconds left if so.
 * The code row and the queued mail go together: if the mail cannot be queued the code is taken back,
 * so the failure does not start a cooldown and the member can ask again at once.
 */
async function sendCode(
  deps: AppDeps,
  user: UserRow,
  opts: { force?: boolean; again?: boolean } = {},
): Promise<number> {
  const [last] = await deps.db
    .select()
    .from(emailCodes)
    .where(eq(emailCodes.userId, user.id))
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  const since = last ? Date.now() - last.createdAt.getTime() : Infinity;
  if (!opts.force && since < RESEND_COOLDOWN_MS) return Math.ceil((RESEND_COOLDOWN_MS - since) / 1000);
  const code = sixDigitCode();
  const id = randomUUID();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(emailCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(emailCodes.userId, user.id), isNull(emailCodes.consumedAt)));
    await tx.insert(emailCodes).values({
      id,
      userId: user.id,
      codeHash: sha256(`${user.id}:${code}`),
      expiresAt: new Date(Date.now() + CODE_TTL_MIN * 60_000),
    });
  });
  try {
    await deps.jobs.send(
      'mail.send',
      verificationMail(user.email, user.name, code, CODE_TTL_MIN, opts.again ?? false, languageOf(user).locale),
    );
  } catch (err) {
    await deps.db.delete(emailCodes).where(eq(emailCodes.id, id));
    throw err;
  }
  // The wrong-guess count is reset by the request that asked for the code, for every address alike, never
  // here: this also runs in the auth.code job, and a late reset only for real accounts would tell them apart.
  return 0;
}

/** Starts the 120 s code cooldown of an address; throws the spec's "Please wait" while it runs. */
async function codeCooldown(deps: AppDeps, email: string): Promise<void> {
  try {
    await deps.limiters.consume('codeRequestPerEmail', email);
  } catch (err) {
    if (err instanceof RateLimitedError)
      throw new RateLimitedError(AuthText.cooldown(err.retryAfterSeconds), err.retryAfterSeconds);
    throw err;
  }
}

/**
 * The worker of 'auth.code': what the owner of the address gets. A pending account gets a fresh code
 * (with a note when it came from a second sign-up); a verified one is told someone tried to sign up.
 * Nothing for an address without an account.
 */
export async function mailCodeFor(deps: AppDeps, job: JobMap['auth.code']): Promise<void> {
  if (job.reason === 'reset') return mailResetLink(deps, job.email);
  const user = await findByEmail(deps, job.email);
  if (!user) return;
  if (user.emailVerifiedAt) {
    await deps.jobs.send(
      'mail.send',
      accountExistsMail(user.email, user.name, `${deps.config.publicUrl}/signin`, languageOf(user).locale),
    );
    return;
  }
  await sendCode(deps, user, { force: true, again: job.reason === 'register' });
}

/**
 * Sign-up answers the same whether or not the address has an account (no account discovery): the
 * password is hashed either way (the slow part, so the timing matches too), and an existing owner
 * hears of the attempt by mail instead. The username is public on profiles, so "taken" is no secret.
 * The sign-up mode and the bot check come first (features/signup): neither depends on the address.
 * The account, what the mode records with it (the invite used, the request to join), its code and the
 * queued mail are created together or not at all.
 */
export async function register(
  deps: AppDeps,
  input: {
    fullname: string;
    username: string;
    email: string;
    password: string;
    invite?: string | undefined;
    why?: string | undefined;
    altcha?: string | undefined;
    /** The visitor's interface language (their choice, or their browser's): the account starts in it. */
    locale?: Locale;
  },
): Promise<string> {
  const admission = await admitSignup(deps, input);
  await requireBotCheck(deps, input.altcha);
  const passwordHash = await hashPassword(input.password);
  if (await usernameTaken(deps, input.username)) throw new AppError(AuthText.usernameTaken, 409, 'username');
  const answer =
    admission.mode === 'approval' ? SignupMessages.requested(input.email) : AuthText.registered(input.email);
  // One code mail per address per cooldown, new account or not; a repeat within it mails nothing more.
  const mayMail = await codeCooldown(deps, input.email).then(
    () => true,
    () => false,
  );
  // A new code (or the owner's notice) makes earlier wrong guesses moot, account or not.
  if (mayMail) await deps.limiters.reset('codeGuessPerEmail', input.email);
  if (await findByEmail(deps, input.email)) {
    if (mayMail) await deps.jobs.send('auth.code', { email: input.email, reason: 'register' });
    return answer;
  }
  const row: PgInsertValue<typeof users> & { id: string } = {
    id: randomUUID(),
    name: input.fullname,
    username: input.username,
    email: input.email,
    passwordHash,
    locale: input.locale ?? 'en',
    searchTerms: searchVector(input.fullname, input.username),
  };
  try {
    await deps.db.transaction(async (tx) => {
      await tx.insert(users).values(row);
      await recordSignup(tx, row.id, admission);
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // Lost a race with a simultaneous sign-up: the username says so; the email stays secret as above.
    if (await usernameTaken(deps, input.username)) throw new AppError(AuthText.usernameTaken, 409, 'username');
    return answer;
  }
  try {
    await sendCode(deps, row as UserRow, { force: true });
  } catch (err) {
    // No account without its code mail: the member can simply sign up again (with the same invite).
    await undoSignup(deps, row.id);
    await deps.db.delete(users).where(eq(users.id, row.id));
    await deps.limiters.reset('codeRequestPerEmail', input.email);
    throw err;
  }
  return answer;
}

/**
 * r_v_e: the same answer and the same work (one queued job) for every address; the job decides what,
 * if anything, to mail. The cooldown counts per address, account or not.
 */
export async function resendCode(deps: AppDeps, email: string): Promise<string> {
  await codeCooldown(deps, email);
  // A new code makes the wrong guesses of the old one moot, for every address alike.
  await deps.limiters.reset('codeGuessPerEmail', email);
  try {
    await deps.jobs.send('auth.code', { email, reason: 'resend' });
  } catch (err) {
    await deps.limiters.reset('codeRequestPerEmail', email);
    throw err;
  }
  return AuthText.codeResent(email);
}

/**
 * Answers that could tell whether an address has an account are given only to someone who holds its
 * code: "already verified" and "expired" need the right code; every other miss is "not right", and the
 * lock after five wrong codes counts per address, account or not.
 */
export async function verifyEmail(deps: AppDeps, email: string, otp: string): Promise<UserRow> {
  const user = await findByEmail(deps, email);
  // The same queries run with or without an account (a nil id finds nothing), so the time is alike too.
  const [code] = await deps.db
    .select()
    .from(emailCodes)
    .where(eq(emailCodes.userId, user?.id ?? NIL_ID))
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  const guesses = await deps.limiters.used('codeGuessPerEmail', email);
  if (guesses >= CODE_MAX_ATTEMPTS || (code && !code.consumedAt && code.attempts >= CODE_MAX_ATTEMPTS))
    throw new AppError(AuthText.codeLocked, 429, 'otp');
  const matches = !!user && !!code && code.codeHash === sha256(`${user.id}:${otp}`);
  if (user && code && matches) {
    if (user.emailVerifiedAt) throw new AppError(AuthText.alreadyVerified, 400);
    if (!code.consumedAt && code.expiresAt.getTime() < Date.now()) throw new AppError(AuthText.codeExpired, 400, 'otp');
  }
  if (!user || !code || !matches || code.consumedAt || user.emailVerifiedAt) {
    await deps.limiters.charge('codeGuessPerEmail', email);
    await deps.db
      .update(emailCodes)
      .set({ attempts: sql`${emailCodes.attempts} + 1` })
      .where(eq(emailCodes.id, code && !code.consumedAt ? code.id : NIL_ID));
    throw new AppError(guesses + 1 >= CODE_MAX_ATTEMPTS ? AuthText.codeLocked : AuthText.codeWrong, 400, 'otp');
  }
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    await tx.update(emailCodes).set({ consumedAt: now }).where(eq(emailCodes.id, code.id));
    await tx.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, user.id));
  });
  await deps.limiters.reset('codeGuessPerEmail', email);
  return { ...user, emailVerifiedAt: now };
}

export type LoginOutcome = { kind: 'ok'; user: UserRow } | { kind: 'needs-verification'; email: string };

export async function login(deps: AppDeps, email: string, password: string): Promise<LoginOutcome> {
  const user = await findByEmail(deps, email);
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password);
  if (!user || !ok) throw new AppError(AuthText.badCredentials, 401);
  // The right password of a suspended or banned member: told why, and until when.
  refuseSanctioned(user, deps.config.timeZone);
  if (!user.emailVerifiedAt) {
    // Within the cooldown the last code stays valid; no new mail. A mail now starts the cooldown of r_v_e.
    if ((await sendCode(deps, user)) === 0) {
      await deps.limiters.charge('codeRequestPerEmail', email);
      await deps.limiters.reset('codeGuessPerEmail', email);
    }
    return { kind: 'needs-verification', email };
  }
  return { kind: 'ok', user };
}

/** Like r_v_e: the same answer and the same work (one queued job) whether or not the address has an account. */
export async function requestPasswordReset(deps: AppDeps, email: string): Promise<string> {
  await deps.jobs.send('auth.code', { email, reason: 'reset' });
  return AuthText.resetRequested;
}

/** The worker's half of a reset request: a single-use link for an existing account, at most one per cooldown. */
async function mailResetLink(deps: AppDeps, email: string): Promise<void> {
  const user = await findByEmail(deps, email);
  if (!user) return;
  const [last] = await deps.db
    .select({ createdAt: passwordResets.createdAt })
    .from(passwordResets)
    .where(eq(passwordResets.userId, user.id))
    .orderBy(desc(passwordResets.createdAt))
    .limit(1);
  if (last && Date.now() - last.createdAt.getTime() < RESEND_COOLDOWN_MS) return;
  const token = randomToken();
  const id = randomUUID();
  await deps.db.insert(passwordResets).values({
    id,
    userId: user.id,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + RESET_TTL_MIN * 60_000),
  });
  const link = `${deps.config.publicUrl}/reset-password/${token}`;
  try {
    await deps.jobs.send(
      'mail.send',
      passwordResetMail(user.email, user.name, link, RESET_TTL_MIN, languageOf(user).locale),
    );
  } catch (err) {
    await deps.db.delete(passwordResets).where(eq(passwordResets.id, id)); // the retry issues a fresh one
    throw err;
  }
}

export async function resetPassword(deps: AppDeps, token: string, email: string, newPassword: string): Promise<string> {
  const rows = await deps.db
    .select({ reset: passwordResets, user: users })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.tokenHash, sha256(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, new Date()),
      ),
    )
    .limit(1);
  const row = rows[0];
  if (!row || row.user.email !== email) throw new AppError(AuthText.resetInvalid, 400);
  const now = new Date();
  const passwordHash = await hashPassword(newPassword);
  await deps.db.transaction(async (tx) => {
    // Single use: the token is spent, and so is every other open link for this account.
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, row.user.id), isNull(passwordResets.usedAt)));
    // Following the mailed link proves the address, so a pending account becomes verified.
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: now, emailVerifiedAt: row.user.emailVerifiedAt ?? now })
      .where(eq(users.id, row.user.id));
  });
  await deleteOtherSessions(deps, row.user.id);
  return AuthText.resetDone;
}

async function freeUsername(deps: AppDeps, seed: string): Promise<string> {
  let base = seed
    .toLowerCase()
    .replace(/[^a-z0-9_.]/g, '')
    .slice(0, 20);
  if (!base || /^\d+$/.test(base)) base = `user${base}`;
  if (!(await usernameTaken(deps, base))) return base;
  for (let i = 0; i < 20; i++) {
    const candidate = `${base}${randomInt(100, 100_000)}`;
    if (!(await usernameTaken(deps, candidate))) return candidate;
  }
  return `user${randomUUID().slice(0, 8)}`;
}

/** Signs in the linked account, links a verified email to an existing one, or creates an account. */
export async function googleSignIn(deps: AppDeps, id: GoogleIdentity, locale: Locale = 'en'): Promise<UserRow> {
  const linked = await deps.db.select().from(users).where(eq(users.googleSub, id.sub)).limit(1);
  if (linked[0]) return linked[0];
  if (!id.email || !id.emailVerified) throw new AppError(AuthText.googleUnverified, 401);
  const now = new Date();
  const existing = await findByEmail(deps, id.email);
  // A new account through Google only while sign-ups are open (it carries no invite and no reason).
  if (!existing) await admitGoogleSignup(deps, id.email);
  if (existing) {
    await deps.db
      .update(users)
      .set({ googleSub: id.sub, emailVerifiedAt: existing.emailVerifiedAt ?? now, updatedAt: now })
      .where(eq(users.id, existing.id));
    return { ...existing, googleSub: id.sub, emailVerifiedAt: existing.emailVerifiedAt ?? now };
  }
  const name = (id.name ?? id.email.split('@')[0] ?? 'Member').slice(0, 80);
  const username = await freeUsername(deps, id.email.split('@')[0] ?? 'user');
  const row = {
    id: randomUUID(),
    name,
    username,
    searchTerms: searchVector(name, username),
    email: id.email,
    passwordHash: null,
    googleSub: id.sub,
    avatar: id.picture?.startsWith('https://') ? id.picture : null,
    emailVerifiedAt: now,
    locale,
  };
  await deps.db.insert(users).values(row);
  const [created] = await deps.db.select().from(users).where(eq(users.id, row.id));
  return created!;
}

export async function startSession(
  deps: AppDeps,
  user: UserRow,
  opts: { remember: boolean; userAgent?: string; ip?: string },
): Promise<{ token: string; expiresAt: Date; user: CurrentUser }> {
  // Every way in (password, code, two-factor, Google) ends here: a sanctioned member gets no session,
  // nor one whose request to join waits for an admin or was refused.
  refuseSanctioned(user, deps.config.timeZone);
  await refuseUnapproved(deps, user.id);
  const s = await createSession(deps.db, user.id, opts);
  return { token: s.token, expiresAt: s.expiresAt, user: presentCurrentUser(user) };
}
