/**
 * The page's language settings as React state: `useLanguage()` reads them and changes them. A change is
 * applied at once (texts, dates, `<html lang>`), remembered in this browser, and stored on the account
 * when a member is signed in, so their other tabs and devices, mails and pushes follow.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { catalogueFor, localizeText, type Catalogue, type LanguagePrefs } from '@sajha/contract';
import { useAuth } from '../lib/auth';
import { loadLocale } from './index';
import { applyPrefs, currentPrefs, subscribePrefs } from './prefs';

interface LanguageState {
  prefs: LanguagePrefs;
  /** Changes any of the three; resolves once the new language is on screen (and saved, for a member). */
  change: (update: Partial<LanguagePrefs>) => Promise<void>;
}

const LanguageContext = createContext<LanguageState | null>(null);

/** Applies `prefs` to this page (loading the language's texts first when they are not here yet). */
export async function switchTo(prefs: LanguagePrefs): Promise<void> {
  await loadLocale(prefs.locale);
  applyPrefs(prefs);
}

async function save(update: Partial<LanguagePrefs>): Promise<LanguagePrefs | null> {
  const { Routes, call } = await import('../lib/routesClient');
  const res = await call(Routes.setLanguage, { body: update });
  return res.ok ? res.data.language : null;
}

export function LanguageProvider({ children }: { children: ReactNode }) {
  const prefs = useSyncExternalStore(subscribePrefs, currentPrefs, currentPrefs);
  const { user } = useAuth();
  const account = user?.language;

  // A member's account decides once they are known (and again when another tab changes it: cU).
  useEffect(() => {
    if (!account) return;
    const now = currentPrefs();
    if (account.locale !== now.locale || account.calendar !== now.calendar || account.digits !== now.digits) {
      void switchTo(account);
    }
  }, [account]);

  const signedIn = user !== null;
  const change = useCallback(
    async (update: Partial<LanguagePrefs>) => {
      const next: LanguagePrefs = { ...currentPrefs(), ...update };
      if (update.locale && !update.digits) next.digits = update.locale === 'ne' ? 'deva' : 'latn';
      await switchTo(next);
      if (signedIn) await save(update.locale && !update.digits ? { ...update, digits: next.digits } : update);
    },
    [signedIn],
  );
  const value = useMemo(() => ({ prefs, change }), [prefs, change]);
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

/** Outside the provider (a screen rendered alone in a test): the page's settings, changed on this page only. */
const pageOnly = async (update: Partial<LanguagePrefs>) => switchTo({ ...currentPrefs(), ...update });

export function useLanguage(): LanguageState {
  const ctx = useContext(LanguageContext);
  const prefs = usePrefs();
  return ctx ?? { prefs, change: pageOnly };
}

/** The page's language settings, without the provider (plain modules, and components outside it). */
export const usePrefs = (): LanguagePrefs => useSyncExternalStore(subscribePrefs, currentPrefs, currentPrefs);

/** The contract's texts (the spec's messages) in the page's language: `useMessages().Messages.post.notFound`. */
export function useMessages(): Catalogue {
  const { locale } = usePrefs();
  return catalogueFor(locale);
}

/** A text the server answered (an English catalogue text, or already the member's language) in the page's. */
export function useLocalize(): (text: string) => string {
  const { locale } = usePrefs();
  return useCallback((text: string) => localizeText(locale, text), [locale]);
}
