/**
 * Dates and numbers in the member's language, calendar (Gregorian or Bikram Sambat) and digits. Every
 * screen formats through `useFormat()` (or `formatter(prefs)` outside React), never `toLocale*` itself.
 */
import { useMemo } from 'react';
import NepaliDate from 'nepali-date-converter';
import type { LanguagePrefs } from '@sajha/contract';
import { usePrefs } from './language';
import { currentPrefs } from './prefs';

const DEVANAGARI = '०१२३४५६७८९';
/** Writes a text's digits in the chosen script (leaves everything else). */
export function withDigits(text: string, digits: LanguagePrefs['digits']): string {
  return digits === 'deva'
    ? text.replace(/[0-9]/g, (d) => DEVANAGARI[Number(d)]!)
    : text.replace(/[०-९]/g, (d) => String(DEVANAGARI.indexOf(d)));
}

export type DateStyle = 'short' | 'medium' | 'long';

export interface Format {
  prefs: LanguagePrefs;
  /** 1,234 or १,२३४. */
  number: (n: number, options?: Intl.NumberFormatOptions) => string;
  /** A calendar date: "26 Nov 2026" / "२०८३ मंसिर १०" (Bikram Sambat) / ... */
  date: (d: Date | string | number, style?: DateStyle) => string;
  /** A time of day: "14:05" / "२:०५ PM". */
  time: (d: Date | string | number) => string;
  /** Date and time. */
  dateTime: (d: Date | string | number) => string;
  /** A day and month without the year (chat list): "26 Nov" / "मंसिर १०". */
  dayMonth: (d: Date | string | number) => string;
  /** "3 minutes ago", "in 2 days", "yesterday". */
  relative: (d: Date | string | number, now?: number) => string;
  /** Intl's tag for these settings: "ne-u-nu-deva". */
  tag: string;
}

const toDate = (d: Date | string | number) => (d instanceof Date ? d : new Date(d));

const bsFormats: Record<DateStyle, string> = { short: 'YYYY/MM/DD', medium: 'DD MMMM YYYY', long: 'ddd, DD MMMM YYYY' };

export function formatter(prefs: LanguagePrefs): Format {
  const tag = `${prefs.locale}-u-nu-${prefs.digits}`;
  const numbers = new Intl.NumberFormat(tag);
  const times = new Intl.DateTimeFormat(tag, { hour: 'numeric', minute: '2-digit' });
  const gregorian: Record<DateStyle, Intl.DateTimeFormat> = {
    short: new Intl.DateTimeFormat(tag, { dateStyle: 'short' }),
    medium: new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short', year: 'numeric' }),
    long: new Intl.DateTimeFormat(tag, { dateStyle: 'full' }),
  };
  const dayMonthG = new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short' });
  const relative = new Intl.RelativeTimeFormat(tag, { numeric: 'auto' });
  const bs = (d: Date, pattern: string) =>
    withDigits(new NepaliDate(d).format(pattern, prefs.locale === 'ne' ? 'np' : 'en'), prefs.digits);
  const date = (d: Date | string | number, style: DateStyle = 'medium') => {
    const when = toDate(d);
    if (Number.isNaN(when.getTime())) return '';
    return prefs.calendar === 'bs' ? bs(when, bsFormats[style]) : gregorian[style].format(when);
  };
  return {
    prefs,
    tag,
    number: (n, options) => (options ? new Intl.NumberFormat(tag, options).format(n) : numbers.format(n)),
    date,
    time: (d) => times.format(toDate(d)),
    dateTime: (d) => `${date(d)} ${times.format(toDate(d))}`,
    dayMonth: (d) => (prefs.calendar === 'bs' ? bs(toDate(d), 'DD MMMM') : dayMonthG.format(toDate(d))),
    relative: (d, now = Date.now()) => {
      const seconds = (toDate(d).getTime() - now) / 1000;
      const abs = Math.abs(seconds);
      if (abs < 60) return relative.format(Math.round(seconds), 'second');
      if (abs < 3600) return relative.format(Math.round(seconds / 60), 'minute');
      if (abs < 86_400) return relative.format(Math.round(seconds / 3600), 'hour');
      if (abs < 30 * 86_400) return relative.format(Math.round(seconds / 86_400), 'day');
      return date(d);
    },
  };
}

const cache = new Map<string, Format>();
function cached(prefs: LanguagePrefs): Format {
  const key = `${prefs.locale}/${prefs.calendar}/${prefs.digits}`;
  let f = cache.get(key);
  if (!f) {
    f = formatter(prefs);
    cache.set(key, f);
  }
  return f;
}

/** Formatters for the page's settings; a new set when the member changes them. */
export function useFormat(): Format {
  const prefs = usePrefs();
  return useMemo(() => cached(prefs), [prefs]);
}

/** The same outside React. */
export const format = (): Format => cached(currentPrefs());
