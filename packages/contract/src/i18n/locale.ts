/**
 * The interface languages, calendars and digits a member can choose (Settings > Language, the landing
 * page's and sign-up's language menu). English is the spec's own text; Nepali is the second language.
 */
import { z } from 'zod';
import { Messages } from '../messages.js';

export const LOCALES = ['en', 'ne'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
export const localeSchema = z.enum(LOCALES);

/** Dates in the Gregorian calendar or in Bikram Sambat (the calendar Nepal lives by). */
export const CALENDARS = ['gregorian', 'bs'] as const;
export type Calendar = (typeof CALENDARS)[number];
export const calendarSchema = z.enum(CALENDARS);

/** Numbers in Latin digits (0-9) or Devanagari digits (०-९). */
export const DIGITS = ['latn', 'deva'] as const;
export type Digits = (typeof DIGITS)[number];
export const digitsSchema = z.enum(DIGITS);

/** A member's language settings, as the account keeps them and `/api/me` answers them. */
export const languagePrefsSchema = z.object({
  locale: localeSchema,
  calendar: calendarSchema,
  digits: digitsSchema,
});
export type LanguagePrefs = z.infer<typeof languagePrefsSchema>;
export const DEFAULT_LANGUAGE_PREFS: LanguagePrefs = { locale: 'en', calendar: 'gregorian', digits: 'latn' };

/** `PUT /api/me/language`: any of the three; what is left out stays as it is. */
export const languageUpdateSchema = languagePrefsSchema.partial().refine((v) => Object.keys(v).length > 0, {
  message: Messages.settings.languageRequired,
});

/** What the member's default digits are for a language when they have not chosen (Nepali: Devanagari). */
export const defaultDigitsOf = (locale: Locale): Digits => (locale === 'ne' ? 'deva' : 'latn');

export const isLocale = (v: unknown): v is Locale =>
  typeof v === 'string' && (LOCALES as readonly string[]).includes(v);

/**
 * The best of our languages for an `Accept-Language` header ("ne-NP,ne;q=0.9,en;q=0.8"), by its
 * q-values; English when it names none of ours.
 */
export function pickLocale(acceptLanguage: string | undefined | null): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  let best: { locale: Locale; q: number } | undefined;
  for (const part of acceptLanguage.split(',').slice(0, 20)) {
    const [tag = '', ...params] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0];
    if (!isLocale(primary)) continue;
    const qParam = params.find((p) => p.trim().startsWith('q='));
    const q = qParam ? Number(qParam.trim().slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { locale: primary, q };
  }
  return best?.locale ?? DEFAULT_LOCALE;
}
