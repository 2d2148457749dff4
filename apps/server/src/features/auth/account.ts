/** Auth's part of a member's account: sign-in data. Exported: how the account signs in; deleted: everything. */
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import {
  emailCodes,
  knownDevices,
  passwordResets,
  recoveryCodes,
  sessions,
  twoFactorChallenges,
  users,
} from '../../db/schema.js';
import type { AccountExport } from '../../account.js';
import { deleteOtherSessions } from '../../platform/sessions.js';

export async function exportAuth(deps: AppDeps, userId: string, out: AccountExport): Promise<void> {
  const [u] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!u) return;
  const devices = await deps.db
    .select({ userAgent: knownDevices.userAgent, firstSeenAt: knownDevices.createdAt })
    .from(knownDevices)
    .where(eq(knownDevices.userId, userId));
  out.json('account.json', 'account', {
    email: u.email,
    createdAt: u.createdAt,
    emailVerifiedAt: u.emailVerifiedAt,
    signsInWithPassword: Boolean(u.passwordHash),
    signsInWithGoogle: Boolean(u.googleSub),
    twoFactor: Boolean(u.totpSecret),
    knownBrowsers: devices,
  });
}

export async function deleteAuth(deps: AppDeps, userId: string): Promise<void> {
  // Every tab and device of the member closes now (their ids close the open sockets).
  await deleteOtherSessions(deps, userId);
  for (const [table, column] of [
    [emailCodes, emailCodes.userId],
    [passwordResets, passwordResets.userId],
    [knownDevices, knownDevices.userId],
    [recoveryCodes, recoveryCodes.userId],
    [twoFactorChallenges, twoFactorChallenges.userId],
    [sessions, sessions.userId],
  ] as const) {
    await deps.db.delete(table).where(eq(column, userId));
  }
}
