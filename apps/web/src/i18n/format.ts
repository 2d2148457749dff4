/**
 * Dates and numbers in the member's language, calendar (Gregorian or Bikram Sambat) and digits. Every
 * screen formats through `useFormat()` (or `formatter(prefs)` outside React), never `toLocale*` itself.
 */
import { useMemo } from 'react';
import NepaliDate from 'nepali-date-converter';
import type { LanguagePrefs } from '@sajha/contract';
import { usePrefs } from './language';
import { currentPrefs } from './prefs';
import { withDigits } from './digits';

export { withDigits };

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
  /** An Intl tag for other formats (for Nepali, Indian English with the chosen digits: see NE). */
  tag: string;
}

const toDate = (d: Date | string | number) => (d instanceof Date ? d : new Date(d));

const bsFormats: Record<DateStyle, string> = { short: 'YYYY/MM/DD', medium: 'DD MMMM YYYY', long: 'ddd, DD MMMM YYYY' };

/**
 * Nepali is written by hand, not by `Intl`: Chrome ships no Nepali locale data (its `Intl` answers
 * English for "ne"), and Firefox and Safari do, so a member would read different words per browser.
 */
const NE = {
  months: ['जनवरी', 'फेब्रुअरी', 'मार्च', 'अप्रिल', 'मे', 'जुन', 'जुलाई', 'अगस्ट', 'सेप्टेम्बर', 'अक्टोबर', 'नोभेम्बर', 'डिसेम्बर'],
  weekdays: ['आइतबार', 'सोमबार', 'मङ्गलबार', 'बुधबार', 'बिहिबार', 'शुक्रबार', 'शनिबार'],
  am: 'पूर्वाह्न',
  pm: 'अपराह्न',
  now: 'भर्खरै',
  ago: { second: 'सेकेन्ड', minute: 'मिनेट', hour: 'घण्टा', day: 'दिन' },
  past: (n: string, unit: string) => `${n} ${unit} अघि`,
  future: (n: string, unit: string) => `${n} ${unit}मा`,
  yesterday: 'हिजो',
  tomorrow: 'भोलि',
} as const;

type Unit = 'second' | 'minute' | 'hour' | 'day';

export function formatter(prefs: LanguagePrefs): Format {
  const nepali = prefs.locale === 'ne';
  // Numbers: Nepali groups like Indian English (1,23,456), in the chosen digits.
  const numberTag = nepali ? `en-IN-u-nu-${prefs.digits}` : `en-u-nu-${prefs.digits}`;
  const tag = nepali ? numberTag : `${prefs.locale}-u-nu-${prefs.digits}`;
  const numbers = new Intl.NumberFormat(numberTag);
  const digits = (text: string) => withDigits(text, prefs.digits);
  const times = new Intl.DateTimeFormat(tag, { hour: 'numeric', minute: '2-digit' });
  const gregorian: Record<DateStyle, Intl.DateTimeFormat> = {
    short: new Intl.DateTimeFormat(tag, { dateStyle: 'short' }),
    medium: new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short', year: 'numeric' }),
    long: new Intl.DateTimeFormat(tag, { dateStyle: 'full' }),
  };
  const dayMonthG = new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short' });
  const relative = new Intl.RelativeTimeFormat(tag, { numeric: 'auto' });
  const bs = (d: Date, pattern: string) => digits(new NepaliDate(d).format(pattern, nepali ? 'np' : 'en'));

  const nepaliGregorian = (d: Date, style: DateStyle) => {
    const [y, m, day] = [d.getFullYear(), d.getMonth(), d.getDate()];
    if (style === 'short') return digits(`${y}/${String(m + 1).padStart(2, '0')}/${String(day).padStart(2, '0')}`);
    const text = digits(`${day} ${NE.months[m]} ${y}`);
    return style === 'long' ? `${NE.weekdays[d.getDay()]}, ${text}` : text;
  };
  const nepaliTime = (d: Date) => {
    const h = d.getHours();
    return digits(`${h % 12 || 12}:${String(d.getMinutes()).padStart(2, '0')} ${h < 12 ? NE.am : NE.pm}`);
  };
  const nepaliRelative = (value: number, unit: Unit) => {
    if (unit === 'second' && Math.abs(value) < 60) return NE.now;
    if (unit === 'day' && value === -1) return NE.yesterday;
    if (unit === 'day' && value === 1) return NE.tomorrow;
    const n = digits(String(Math.abs(value)));
    return value < 0 ? NE.past(n, NE.ago[unit]) : NE.future(n, NE.ago[unit]);
  };

  const date = (d: Date | string | number, style: DateStyle = 'medium') => {
    const when = toDate(d);
    if (Number.isNaN(when.getTime())) return '';
    if (prefs.calendar === 'bs') return bs(when, bsFormats[style]);
    return nepali ? nepaliGregorian(when, style) : gregorian[style].format(when);
  };
  const time = (d: Date | string | number) => (nepali ? nepaliTime(toDate(d)) : times.format(toDate(d)));
  const rel = (value: number, unit: Unit) => (nepali ? nepaliRelative(value, unit) : relative.format(value, unit));
  return {
    prefs,
    tag,
    number: (n, options) => (options ? new Intl.NumberFormat(numberTag, options).format(n) : numbers.format(n)),
    date,
    time,
    dateTime: (d) => `${date(d)} ${time(d)}`,
    dayMonth: (d) => {
      const when = toDate(d);
      if (prefs.calendar === 'bs') return bs(when, 'DD MMMM');
      return nepali ? digits(`${when.getDate()} ${NE.months[when.getMonth()]}`) : dayMonthG.format(when);
    },
    relative: (d, now = Date.now()) => {
      const seconds = (toDate(d).getTime() - now) / 1000;
      const abs = Math.abs(seconds);
      if (abs < 60) return rel(Math.round(seconds), 'second');
      if (abs < 3600) return rel(Math.round(seconds / 60), 'minute');
      if (abs < 86_400) return rel(Math.round(seconds / 3600), 'hour');
      if (abs < 30 * 86_400) return rel(Math.round(seconds / 86_400), 'day');
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
