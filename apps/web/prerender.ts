/**
 * A build step (issue 17): after the client build, renders the signed-out visitor's landing page to HTML
 * with its MUI styles and writes dist/landing.html, the built index.html with that markup in #root. The
 * server sends it for '/' when the request has no session cookie; the page paints before any script has
 * run and the app then hydrates it (main.tsx). Every other page, and '/' for members, keeps index.html,
 * so nobody else ever sees the landing page flash by.
 *
 * The app's scripts and its web fonts start after the first paint (public/landing-boot.js): nothing
 * delays it.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createServer, type Plugin } from 'vite';
import type { Prerendered, prerenderLanding } from './src/prerender';

export const LANDING_FILE = 'landing.html';
export const PAINTED_FILE = 'painted.html';

async function renderLanding(root: string): Promise<Prerendered> {
  // Vite's SSR loader compiles the app's TSX and CSS imports for Node, without a second build output.
  const vite = await createServer({
    root,
    configFile: false,
    logLevel: 'error',
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const entry = (await vite.ssrLoadModule('/src/prerender.tsx')) as { prerenderLanding: typeof prerenderLanding };
    return await entry.prerenderLanding();
  } finally {
    await vite.close();
  }
}

/**
 * The app's module script and its modulepreload links wait for the first paint (public/landing-boot.js):
 * the page is already whole, so nothing it needs queues behind them.
 */
function bootAfterPaint(html: string, stylesheets: string[]): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
  if (!entry) throw new Error('prerender: no module script in index.html');
  const preloads: string[] = [];
  let out = html.replace(entry[0], '');
  out = out.replace(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g, (_tag, href: string) => {
    preloads.push(href);
    return '';
  });
  const boot = `<script defer src="/landing-boot.js" data-entry="${entry[1]}" data-preload="${preloads.join(' ')}" data-stylesheet="${stylesheets.join(' ')}"></script>`;
  return out.replace('</head>', `  ${boot}\n  </head>`);
}

/**
 * The app's stylesheets. One holding only @font-face rules (app/fonts.css: Devanagari and emoji faces for
 * systems without such fonts) is left to landing-boot.js, after the first paint: with it in the page,
 * the browser fetched the Devanagari face for About's 'साझा' (below the fold) ahead of painting the hero.
 * Any other stylesheet is inlined, so nothing blocks the first paint.
 */
async function placeStylesheets(html: string, outDir: string): Promise<{ html: string; deferred: string[] }> {
  let out = html;
  const deferred: string[] = [];
  for (const match of html.matchAll(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>\s*/g)) {
    const css = await readFile(path.join(outDir, match[1]!), 'utf8');
    if (!css.replace(/@font-face\s*\{[^}]*\}/g, '').trim()) {
      deferred.push(match[1]!);
      out = out.replace(match[0], '');
    } else out = out.replace(match[0], `<style>${css}</style>`);
  }
  return { html: out, deferred };
}

export function prerender(): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  return {
    name: 'sajha-prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const { html, styleTag } = await renderLanding(root);
      if (!html.includes('id="home-heading"')) throw new Error('prerender: the landing page did not render');
      if (/<script\b/i.test(html)) throw new Error('prerender: inline scripts would break the CSP');
      const index = await readFile(path.join(outDir, 'index.html'), 'utf8');
      if (!index.includes('<div id="root"></div>')) throw new Error('prerender: no empty #root in index.html');
      const placed = await placeStylesheets(index, outDir);
      const page = bootAfterPaint(placed.html, placed.deferred)
        .replace('</head>', `    ${styleTag}\n  </head>`)
        .replace('<div id="root"></div>', () => `<div id="root">${html}</div>`);
      await writeFile(path.join(outDir, LANDING_FILE), page);
      // The same start-after-paint page with an empty #root, for pages the server paints itself before the
      // app runs (a visitor's shared post: the server's features/posts/share-prepaint.ts).
      await writeFile(path.join(outDir, PAINTED_FILE), bootAfterPaint(placed.html, placed.deferred));
    },
  };
}
