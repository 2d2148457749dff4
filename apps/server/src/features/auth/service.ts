/**
 * Accounts: sign-up with a mailed 6-digit code, sign-in, password reset, Google sign-in.
 * Transport-free: routes parse input and set cookies; this module holds the rules.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { CurrentUser } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { emailCodes, passwordResets, users } from '../../db/schema.js';
import { randomToken, sha256, sixDigitCode } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import type { GoogleIdentity } from './google.js';
import { passwordResetMail, verificationMail } from './mails.js';
import { dummyHash, hashPassword, verifyPassword } from '../../platform/passwords.js';
import { presentCurrentUser } from '../../platform/current-user.js';
import { createSession, deleteOtherSessions } from '../../platform/sessions.js';
import { usernameHeld } from '../../platform/usernames.js';

export const CODE_TTL_MIN = 15;
export const CODE_MAX_ATTEMPTS = 5;
export const RESET_TTL_MIN = 30;
export const RESEND_COOLDOWN_MS = 120_000;

export const AuthText = {
  registered: (email: string) => `Account created. We sent a 6-digit code to ${email}.`,
  emailTaken: 'An account with this email already exists. Sign in instead.',
  emailPending:
    'This email is waiting for verification. Sign in to get a new code, or reset the password if it was not you.',
  usernameTaken: 'This username is already taken.',
  verified: 'Your email is verified. Welcome to Sajha!',
  codeWrong: 'That code is not right. Check the email and try again.',
  codeExpired: 'This code has expired. Ask for a new one.',
  codeLocked: 'Too many wrong codes. Ask for a new code.',
  alreadyVerified: 'This email is already verified. Please sign in.',
  codeResent: (email: string) => `We sent a new code to ${email}.`,
  cooldown: (seconds: number) => `Please wait ${seconds} seconds before asking for another code.`,
  badCredentials: 'Invalid email or password.',
  needsVerification: (email: string) => `Please verify your email first. We sent a code to ${email}.`,
  welcomeBack: 'Welcome back!',
  resetRequested: 'If an account exists for that email, we sent a link to reset the password. It works for 30 minutes.',
  resetInvalid: 'This reset link is invalid or has expired. Ask for a new one.',
  resetDone: 'Your password has been changed. You can sign in with it now.',
  googleUnavailable: 'Google sign-in is not available here.',
  googleUnverified: 'Your Google account email is not verified.',
  signedOut: 'You have been signed out.',
} as const;

type UserRow = typeof users.$inferSelect;

const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
};

async function findByEmail(deps: AppDeps, email: string): Promise<UserRow | undefined> {
  const rows = await deps.db.select().from(users).where(eq(users.email, email)).limit(1);
  return rows[0];
}

/** Taken when it is someone's username, or another member's old one within 30 days. */
const usernameTaken = (deps: AppDeps, username: string): Promise<boolean> => usernameHeld(deps.db, username);

/** Issues and mails a fresh code unless one went out within the cooldown; returns seconds left if so. */
async function sendCode(deps: AppDeps, user: UserRow, opts: { force?: boolean } = {}): Promise<number> {
  const [last] = await deps.db
    .select()
    .from(emailCodes)
    .where(eq(emailCodes.userId, user.id))
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  const since = last ? Date.now() - last.createdAt.getTime() : Infinity;
  if (!opts.force && since < RESEND_COOLDOWN_MS) return Math.ceil((RESEND_COOLDOWN_MS - since) / 1000);
  const code = sixDigitCode();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(emailCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(emailCodes.userId, user.id), isNull(emailCodes.consumedAt)));
    await tx.insert(emailCodes).values({
      id: randomUUID(),
      userId: user.id,
      codeHash: sha256(`${user.id}:${code}`),
      expiresAt: new Date(Date.now() + CODE_TTL_MIN * 60_000),
    });
  });
  await deps.jobs.send('mail.send', verificationMail(user.email, user.name, code, CODE_TTL_MIN));
  return 0;
}

export async function register(
  deps: AppDeps,
  input: { fullname: string; username: string; email: string; password: string },
): Promise<string> {
  const existing = await findByEmail(deps, input.email);
  if (existing)
    throw new AppError(existing.emailVerifiedAt ? AuthText.emailTaken : AuthText.emailPending, 409, 'email');
  if (await usernameTaken(deps, input.username)) throw new AppError(AuthText.usernameTaken, 409, 'username');
  const row: typeof users.$inferInsert = {
    id: randomUUID(),
    name: input.fullname,
    username: input.username,
    email: input.email,
    passwordHash: await hashPassword(input.password),
  };
  try {
    await deps.db.insert(users).values(row);
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // Lost a race with a simultaneous sign-up: say which field, as above.
    if (await findByEmail(deps, input.email)) throw new AppError(AuthText.emailTaken, 409, 'email');
    throw new AppError(AuthText.usernameTaken, 409, 'username');
  }
  await sendCode(deps, row as UserRow, { force: true });
  return AuthText.registered(input.email);
}

export async function resendCode(deps: AppDeps, email: string): Promise<string> {
  const user = await findByEmail(deps, email);
  if (!user) return AuthText.codeResent(email); // same answer: no account discovery
  if (user.emailVerifiedAt) throw new AppError(AuthText.alreadyVerified, 400, 'email');
  const wait = await sendCode(deps, user);
  if (wait > 0) throw new AppError(AuthText.cooldown(wait), 429);
  return AuthText.codeResent(email);
}

export async function verifyEmail(deps: AppDeps, email: string, otp: string): Promise<UserRow> {
  const user = await findByEmail(deps, email);
  if (!user) throw new AppError(AuthText.codeWrong, 400, 'otp');
  if (user.emailVerifiedAt) throw new AppError(AuthText.alreadyVerified, 400);
  const [code] = await deps.db
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.userId, user.id), isNull(emailCodes.consumedAt)))
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  if (!code || code.expiresAt.getTime() < Date.now()) throw new AppError(AuthText.codeExpired, 400, 'otp');
  if (code.attempts >= CODE_MAX_ATTEMPTS) throw new AppError(AuthText.codeLocked, 429, 'otp');
  if (code.codeHash !== sha256(`${user.id}:${otp}`)) {
    await deps.db
      .update(emailCodes)
      .set({ attempts: sql`${emailCodes.attempts} + 1` })
      .where(eq(emailCodes.id, code.id));
    throw new AppError(code.attempts + 1 >= CODE_MAX_ATTEMPTS ? AuthText.codeLocked : AuthText.codeWrong, 400, 'otp');
  }
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    await tx.update(emailCodes).set({ consumedAt: now }).where(eq(emailCodes.id, code.id));
    await tx.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, user.id));
  });
  return { ...user, emailVerifiedAt: now };
}

export type LoginOutcome = { kind: 'ok'; user: UserRow } | { kind: 'needs-verification'; email: string };

export async function login(deps: AppDeps, email: string, password: string): Promise<LoginOutcome> {
  const user = await findByEmail(deps, email);
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password);
  if (!user || !ok) throw new AppError(AuthText.badCredentials, 401);
  if (!user.emailVerifiedAt) {
    await sendCode(deps, user); // within the cooldown the last code stays valid; no new mail
    return { kind: 'needs-verification', email };
  }
  return { kind: 'ok', user };
}

export async function requestPasswordReset(deps: AppDeps, email: string): Promise<string> {
  const user = await findByEmail(deps, email);
  if (!user) return AuthText.resetRequested;
  const [last] = await deps.db
    .select({ createdAt: passwordResets.createdAt })
    .from(passwordResets)
    .where(eq(passwordResets.userId, user.id))
    .orderBy(desc(passwordResets.createdAt))
    .limit(1);
  if (last && Date.now() - last.createdAt.getTime() < RESEND_COOLDOWN_MS) return AuthText.resetRequested;
  const token = randomToken();
  await deps.db.insert(passwordResets).values({
    id: randomUUID(),
    userId: user.id,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + RESET_TTL_MIN * 60_000),
  });
  const link = `${deps.config.publicUrl}/reset-password/${token}`;
  await deps.jobs.send('mail.send', passwordResetMail(user.email, user.name, link, RESET_TTL_MIN));
  return AuthText.resetRequested;
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
export async function googleSignIn(deps: AppDeps, id: GoogleIdentity): Promise<UserRow> {
  const linked = await deps.db.select().from(users).where(eq(users.googleSub, id.sub)).limit(1);
  if (linked[0]) return linked[0];
  if (!id.email || !id.emailVerified) throw new AppError(AuthText.googleUnverified, 401);
  const now = new Date();
  const existing = await findByEmail(deps, id.email);
  if (existing) {
    await deps.db
      .update(users)
      .set({ googleSub: id.sub, emailVerifiedAt: existing.emailVerifiedAt ?? now, updatedAt: now })
      .where(eq(users.id, existing.id));
    return { ...existing, googleSub: id.sub, emailVerifiedAt: existing.emailVerifiedAt ?? now };
  }
  const row = {
    id: randomUUID(),
    name: (id.name ?? id.email.split('@')[0] ?? 'Member').slice(0, 80),
    username: await freeUsername(deps, id.email.split('@')[0] ?? 'user'),
    email: id.email,
    passwordHash: null,
    googleSub: id.sub,
    avatar: id.picture?.startsWith('https://') ? id.picture : null,
    emailVerifiedAt: now,
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
  const s = await createSession(deps.db, user.id, opts);
  return { token: s.token, expiresAt: s.expiresAt, user: presentCurrentUser(user) };
}
