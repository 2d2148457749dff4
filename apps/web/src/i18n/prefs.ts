/**
 * The language settings in force on this page: the member's (from their account) or the visitor's
 * (remembered in this browser), else what the browser asks for. Kept outside React so that plain
 * modules (the HTTP client, toasts, formatters) read the same values the screens do.
 */
import {
  catalogueFor,
  localizeText,
  type Catalogue,
  DEFAULT_LANGUAGE_PREFS,
  defaultDigitsOf,
  isLocale,
  pickLocale,
  type LanguagePrefs,
} from '@sajha/contract';

const STORAGE_KEY = 'sajha.language';

function readStored(): Partial<LanguagePrefs> | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<LanguagePrefs>;
    return v && typeof v === 'object' ? v : null;
  } catch {
    return null;
  }
}

/** What a page starts in: the choice remembered here, else the browser's languages. */
export function initialPrefs(): LanguagePrefs {
  const stored = readStored();
  const browser =
    typeof navigator === 'undefined' ? 'en' : pickLocale((navigator.languages ?? [navigator.language]).join(','));
  const locale = isLocale(stored?.locale) ? stored.locale : browser;
  return {
    locale,
    calendar:
      stored?.calendar === 'bs'
        ? 'bs'
        : stored?.calendar === 'gregorian'
          ? 'gregorian'
          : DEFAULT_LANGUAGE_PREFS.calendar,
    digits: stored?.digits === 'deva' || stored?.digits === 'latn' ? stored.digits : defaultDigitsOf(locale),
  };
}

let current: LanguagePrefs = typeof window === 'undefined' ? DEFAULT_LANGUAGE_PREFS : initialPrefs();
const listeners = new Set<() => void>();

export const currentPrefs = (): LanguagePrefs => current;
export const currentLocale = () => current.locale;

/** Makes `prefs` the page's settings and remembers them in this browser (for the next visit). */
export function applyPrefs(prefs: LanguagePrefs): void {
  current = prefs;
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(prefs));
  } catch {
    // storage blocked: this page still follows the choice
  }
  if (typeof document !== 'undefined') document.documentElement.lang = prefs.locale;
  for (const l of listeners) l();
}

export function subscribePrefs(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A text the server answered, in the page's language (outside React: toasts, the HTTP client). */
export const localize = (text: string): string => localizeText(current.locale, text);
/** The contract's texts in the page's language, outside React. */
export const messages = (): Catalogue => catalogueFor(current.locale);
