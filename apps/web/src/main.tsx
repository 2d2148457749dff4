import { startTransition } from 'react';
import { CacheProvider } from '@emotion/react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { cacheAdoptingPrerenderedStyles } from './app/emotionCache';
import { createRouter } from './app/router';
import { loadLandingMore } from './features/landing/LandingPage';
import { installMediaContextMenuBlock } from './lib/blockMediaContextMenu';
import { registerServiceWorker } from './lib/pwa';
import { startI18n } from './i18n';
import { currentPrefs } from './i18n/prefs';
import './app/fonts.css';

installMediaContextMenuBlock();
registerServiceWorker();
const router = createRouter();
const container = document.getElementById('root')!;

// The page's language is on hand before the first render (Nepali's texts load first when chosen). The
// pre-rendered landing page is English with Latin digits: any other choice renders it anew.
await startI18n();

if (
  container.firstElementChild &&
  window.location.pathname === '/' &&
  currentPrefs().locale === 'en' &&
  currentPrefs().digits === 'latn'
) {
  // A visitor's '/' comes pre-rendered (landing.html, see prerender.ts): it is already painted, so it is
  // hydrated in a transition, which React splits into short tasks instead of one long one, and whole:
  // the sections below the hero are loaded first (see LandingPage.tsx).
  const cache = cacheAdoptingPrerenderedStyles();
  const hydrate = () =>
    startTransition(() => {
      hydrateRoot(
        container,
        <CacheProvider value={cache}>
          <App router={router} />
        </CacheProvider>,
      );
    });
  void loadLandingMore().then(hydrate, hydrate);
} else if (document.getElementById('prepaint')) {
  // A page the server painted (a visitor's shared post) is readable already: the app renders in a
  // transition, in short tasks a tap can come between, and replaces that paint when whole.
  const root = createRoot(container);
  startTransition(() => root.render(<App router={router} />));
} else {
  createRoot(container).render(<App router={router} />);
}
