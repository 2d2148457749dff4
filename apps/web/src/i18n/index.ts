/**
 * The web app's interface texts (i18next): one JSON file per language and area under `locales/`, the
 * area's namespace named after the file (`locales/ne/chat.json` is namespace `chat` in Nepali). English
 * is bundled; Nepali is loaded when a page first needs it. The contract's texts (the spec's messages,
 * and what the server answers) come from `@sajha/contract`'s catalogues: see `useMessages`.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '@sajha/contract';
import { currentPrefs } from './prefs';
import { pseudo, pseudoEnabled } from './pseudo';

type Resource = Record<string, unknown>;
const english = import.meta.glob<Resource>('./locales/en/*.json', { eager: true, import: 'default' });
const others = import.meta.glob<Resource>(['./locales/*/*.json', '!./locales/en/*.json'], { import: 'default' });

const namespaceOf = (path: string) => path.slice(path.lastIndexOf('/') + 1, -'.json'.length);
const localeOf = (path: string) => path.split('/')[2] ?? '';

/** Every namespace the app has (the English files). */
export const NAMESPACES = Object.keys(english).map(namespaceOf);

export const i18n: I18n = i18next.createInstance();
void i18n
  .use(initReactI18next)
  .use({ type: 'postProcessor', name: 'pseudo', process: (value: string) => pseudo(value) })
  .init({
    postProcess: pseudoEnabled() ? ['pseudo'] : false,
    lng: 'en',
    fallbackLng: 'en',
    ns: NAMESPACES,
    defaultNS: 'common',
    resources: { en: Object.fromEntries(Object.entries(english).map(([p, r]) => [namespaceOf(p), r])) },
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    react: { useSuspense: false },
  });

const loaded = new Set<Locale>(['en']);

/** Loads a language's texts (once) and makes it the one shown. */
export async function loadLocale(locale: Locale): Promise<void> {
  if (!loaded.has(locale)) {
    const files = Object.entries(others).filter(([p]) => localeOf(p) === locale);
    await Promise.all(
      files.map(async ([p, load]) => {
        i18n.addResourceBundle(locale, namespaceOf(p), await load(), true, true);
      }),
    );
    loaded.add(locale);
  }
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
}

/** Whether a language's texts are here already (English always is). */
export const hasLocaleTexts = (locale: Locale) => loaded.has(locale);

/** Makes the page's starting language the one shown, before the first render. */
export async function startI18n(): Promise<void> {
  await loadLocale(currentPrefs().locale);
  if (typeof document !== 'undefined') document.documentElement.lang = currentPrefs().locale;
}
