/**
 * PWA basics: the service worker (v97, root scope) is registered at load (part 2 §2), and the
 * browser's install offer is captured so the landing page can show its install section only when
 * installation is available (part 1 §2).
 */
import { useCallback, useSyncExternalStore } from 'react';

/** Chromium's install event; not in the DOM typings. */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

export type InstallOutcome = 'accepted' | 'dismissed' | 'unavailable';

/** Registers /sw.js with scope '/' once the page has loaded, so it never competes with first paint. */
export function registerServiceWorker(): void {
  // Not under the Vite dev server: a caching worker there would fight hot reload.
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' }).catch((error: unknown) => {
      console.warn('Service worker registration failed', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

// The offer can fire before any component mounts, so it is kept at module level, not in a hook.
let deferredPrompt: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // keep the mini-infobar away; we offer installation ourselves
    deferredPrompt = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferredPrompt = null;
    notify();
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const canInstallNow = () => deferredPrompt !== null;
const canInstallOnServer = () => false;

export function useInstallPrompt(): { canInstall: boolean; promptInstall: () => Promise<InstallOutcome> } {
  const canInstall = useSyncExternalStore(subscribe, canInstallNow, canInstallOnServer);
  const promptInstall = useCallback(async (): Promise<InstallOutcome> => {
    const event = deferredPrompt;
    if (!event) return 'unavailable';
    // A captured event can prompt only once, whatever the answer.
    deferredPrompt = null;
    notify();
    await event.prompt();
    const { outcome } = await event.userChoice;
    return outcome;
  }, []);
  return { canInstall, promptInstall };
}
