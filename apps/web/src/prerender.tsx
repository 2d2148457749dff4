/**
 * Build-time render of what a signed-out visitor sees at '/': the same <App> the browser renders, on a
 * memory router, with MUI's emotion styles collected instead of inserted. Loaded by prerender.ts
 * (a Vite plugin) through Vite's SSR loader after the client build; never part of the browser bundle.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { App } from './app/App';
import { routes } from './app/router';
import { PRERENDERED_STYLES } from './app/emotionCache';
import { loadLandingMore } from './features/landing/LandingPage';
import { SiteLinksContext } from './features/landing/useSiteLinks';
import { LANDING_LINK_STANDINS } from '@sajha/contract';

export interface Prerendered {
  /** The markup of #root. */
  html: string;
  /** <style> elements the browser's emotion adopts instead of inserting the same rules again. */
  styleTag: string;
}

export async function prerenderLanding(): Promise<Prerendered> {
  // The browser's MUI uses emotion's default cache, key 'css'; same key, same class names.
  const cache = createCache({ key: 'css' });
  cache.compat = true; // collect styles in cache.inserted instead of writing <style> beside each element
  await loadLandingMore(); // rendered in place, as the browser will when it hydrates (LandingPage.tsx)
  const router = createMemoryRouter(routes, { initialEntries: ['/'] });
  const { prelude } = await prerenderToNodeStream(
    <CacheProvider value={cache}>
      <SiteLinksContext.Provider value={LANDING_LINK_STANDINS}>
        <App router={router} signedOut />
      </SiteLinksContext.Provider>
    </CacheProvider>,
    // Never outline a finished Suspense boundary: outlining needs an inline script to move it in place,
    // which the CSP (script-src 'self') forbids. Here every boundary is finished: this is no stream.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);

  // Each global style (CssBaseline, the theme's CSS variables) in the element emotion's <Global> looks
  // for when it mounts, and adopts; every class rule in one element whose names the browser's cache is
  // told are inserted (emotionCache.ts). Either way hydration inserts no style again.
  const globals: string[] = [];
  const names: string[] = [];
  let css = '';
  for (const [name, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== 'string') continue;
    if (rules.includes(`.${cache.key}-${name}`)) {
      names.push(name);
      css += rules;
    } else globals.push(`<style data-emotion="${cache.key}-global ${name}">${rules}</style>`);
  }
  const styleTag = [...globals, `<style ${PRERENDERED_STYLES}="${names.join(' ')}">${css}</style>`].join('\n');
  return { html, styleTag };
}
