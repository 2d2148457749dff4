/**
 * Which language a request or socket is answered in: the member's own setting when signed in, else the
 * browser's `Accept-Language` (the web app sends the visitor's chosen language there). Refusals are
 * written in English catalogue texts and put into that language at the edge (`localizeText`).
 */
import type { FastifyRequest } from 'fastify';
import { defaultDigitsOf, pickLocale, type LanguagePrefs, type Locale } from '@sajha/contract';
import type { users } from '../db/schema.js';

const requestLocales = new WeakMap<object, Locale>();

/** The signed-in member's language, once the route found their session. */
export function setRequestLocale(req: FastifyRequest, locale: Locale): void {
  requestLocales.set(req, locale);
}

/** The request's language: the member's, else the best of `Accept-Language`. */
export function requestLocale(req: FastifyRequest): Locale {
  return requestLocales.get(req) ?? pickLocale(req.headers['accept-language']);
}

/** A member row's language settings, with digits resolved to the language's own when unset. */
export function languageOf(u: Pick<typeof users.$inferSelect, 'locale' | 'calendar' | 'digits'>): LanguagePrefs {
  const locale: Locale = u.locale === 'ne' ? 'ne' : 'en';
  return { locale, calendar: u.calendar === 'bs' ? 'bs' : 'gregorian', digits: u.digits ?? defaultDigitsOf(locale) };
}
