/** Settings' part of a member's account: the profile form, social links, former usernames and language. */
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { socials, usernameHistory, users } from '../../db/schema.js';
import { languageOf } from '../../platform/locale.js';
import type { AccountExport } from '../../account.js';
import { getProfileForm } from './service.js';

export async function exportSettings(deps: AppDeps, userId: string, out: AccountExport): Promise<void> {
  out.json('profile.json', 'profile', await getProfileForm(deps, userId));
  const former = await deps.db
    .select({ username: usernameHistory.username, changedAt: usernameHistory.changedAt })
    .from(usernameHistory)
    .where(eq(usernameHistory.userId, userId));
  out.json('former-usernames.json', 'usernames', former);
  const [u] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (u) out.json('language.json', 'language', languageOf(u));
}

export async function deleteSettings(deps: AppDeps, userId: string): Promise<void> {
  await deps.db.delete(socials).where(eq(socials.userId, userId));
  await deps.db.delete(usernameHistory).where(eq(usernameHistory.userId, userId));
}
