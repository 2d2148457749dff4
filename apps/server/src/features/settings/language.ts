/** The member's interface language, calendar and digits (Settings > Language; sign-up keeps the visitor's). */
import { eq } from 'drizzle-orm';
import type { LanguagePrefs } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { users } from '../../db/schema.js';
import { languageOf } from '../../platform/locale.js';
import { loadMember } from '../../platform/current-user.js';

/** Stores what the member changed; the rest stays. Their open sockets answer in the new language at once. */
export async function setLanguage(
  deps: Pick<AppDeps, 'db' | 'bus'>,
  userId: string,
  update: Partial<LanguagePrefs>,
): Promise<LanguagePrefs> {
  const before = await loadMember(deps, userId);
  const [row] = await deps.db
    .update(users)
    .set({
      ...(update.locale ? { locale: update.locale } : {}),
      ...(update.calendar ? { calendar: update.calendar } : {}),
      ...(update.digits ? { digits: update.digits } : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning();
  const language = languageOf(row ?? before);
  await deps.bus.publish('member.languageChanged', { userId, locale: language.locale });
  return language;
}
