/**
 * The sign-up mode and the blocked email domains: one row of server_settings ('signup'), read on every
 * sign-up and public-config request (one primary-key read), so every node sees an admin's change at once.
 */
import { eq } from 'drizzle-orm';
import { signupSettingsSchema, type SignupSettings } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { serverSettings } from '../../db/schema.js';

const KEY = 'signup';
const DEFAULTS: SignupSettings = { mode: 'open', blockedDomains: [] };

export async function signupSettings(deps: Pick<AppDeps, 'db'>): Promise<SignupSettings> {
  const [row] = await deps.db.select().from(serverSettings).where(eq(serverSettings.key, KEY));
  const parsed = signupSettingsSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULTS;
}

export async function saveSignupSettings(deps: Pick<AppDeps, 'db'>, settings: SignupSettings): Promise<void> {
  await deps.db
    .insert(serverSettings)
    .values({ key: KEY, value: settings })
    .onConflictDoUpdate({ target: serverSettings.key, set: { value: settings } });
}

/** Whether the address's domain, or a domain it is under, is blocked ("example.com" blocks "mail.example.com"). */
export function domainBlocked(email: string, blocked: readonly string[]): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return blocked.some((b) => domain === b || domain.endsWith(`.${b}`));
}
