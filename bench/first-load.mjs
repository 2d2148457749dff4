#!/usr/bin/env node
/**
 * First load of the landing page, two ways:
 * 1. First-load JavaScript of the built web app: what a visitor's browser must fetch before the first
 *    route renders (the entry module, every <link rel="modulepreload">, and, as a safety net, any
 *    static import of those that is not preloaded), gzipped at level 9 as a server would send it.
 *    Baseline from the same build: all JS chunks in dist/assets. Budget: < 200 KiB gzipped.
 * 2. Lighthouse (mobile preset: a mid-range phone on slow 4G, simulated) against the built server
 *    (apps/server/dist, embedded database in a temporary folder) in Debian's Chromium, run twice;
 *    goals from issue 17: performance >= 90, accessibility 100, best practices 100.
 *
 *   npm run bench            # builds, then runs this
 *   node bench/first-load.mjs [path/to/dist]
 *   CHROME_PATH=/usr/bin/chromium LIGHTHOUSE_RUNS=2 node bench/first-load.mjs
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromePath, launchChrome, lighthouseRun, startServer } from './lighthouse.mjs';

const BUDGET_KIB = 200;
const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(process.argv[2] ?? path.join(here, '../apps/web/dist'));
const indexFile = path.join(dist, 'index.html');

if (!existsSync(indexFile)) {
  console.error(`first-load: ${indexFile} is missing. Run \`npm run build\` first.`);
  process.exit(1);
}

const kib = (bytes) => bytes / 1024;
const fmt = (bytes) => `${kib(bytes).toFixed(1)} KiB`;

function attributes(tag) {
  const attrs = {};
  for (const m of tag.matchAll(/([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    attrs[m[1].toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? '';
  }
  return attrs;
}

/** Maps a URL from index.html (`/assets/x.js`, `./assets/x.js`, `assets/x.js`) to a file in dist. */
function fileOf(url) {
  const clean = url.split(/[?#]/)[0];
  if (/^[a-z]+:\/\//i.test(clean)) return undefined;
  return path.join(dist, clean.replace(/^\.?\//, ''));
}

const html = readFileSync(indexFile, 'utf8');
const initial = new Map(); // file -> why it loads
for (const m of html.matchAll(/<script\b[^>]*>/gi)) {
  const a = attributes(m[0].slice(7, -1));
  if (a.type === 'module' && a.src) initial.set(fileOf(a.src), 'entry');
}
for (const m of html.matchAll(/<link\b[^>]*>/gi)) {
  const a = attributes(m[0].slice(5, -1));
  if ((a.rel ?? '').split(/\s+/).includes('modulepreload') && a.href) initial.set(fileOf(a.href), 'modulepreload');
}
initial.delete(undefined);
if (![...initial.values()].includes('entry')) console.warn('first-load: no <script type="module" src> in index.html');

// A static import the build forgot to preload still blocks the first render: count it too.
const staticImport = /(?:^|[;}\s])(?:import|export)\s*(?:[^"'();]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;
for (const file of initial.keys()) {
  if (!existsSync(file)) continue;
  for (const m of readFileSync(file, 'utf8').matchAll(staticImport)) {
    const dep = path.resolve(path.dirname(file), m[1]);
    if (!initial.has(dep)) initial.set(dep, 'static import, not preloaded');
  }
}

function measure(file) {
  const raw = readFileSync(file);
  return {
    raw: raw.length,
    gzip: gzipSync(raw, { level: 9 }).length,
    brotli: brotliCompressSync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    }).length,
  };
}

const rows = [];
for (const [file, why] of initial) {
  if (!existsSync(file)) {
    console.warn(`first-load: ${path.relative(dist, file)} is referenced by index.html but missing`);
    continue;
  }
  rows.push({ name: path.relative(dist, file), why, ...measure(file) });
}
rows.sort((a, b) => b.gzip - a.gzip);
const sum = (list, key) => list.reduce((n, r) => n + r[key], 0);
const initialTotal = { raw: sum(rows, 'raw'), gzip: sum(rows, 'gzip'), brotli: sum(rows, 'brotli') };

const assetsDir = path.join(dist, 'assets');
const allJs = existsSync(assetsDir)
  ? readdirSync(assetsDir, { recursive: true })
      .filter((f) => String(f).endsWith('.js'))
      .map((f) => measure(path.join(assetsDir, String(f))))
  : [];
const allTotal = { raw: sum(allJs, 'raw'), gzip: sum(allJs, 'gzip'), brotli: sum(allJs, 'brotli') };

const nameWidth = Math.max(28, ...rows.map((r) => r.name.length)) + 2;
const line = (name, raw, gzip, brotli, why = '') =>
  `${name.padEnd(nameWidth)}${raw.padStart(12)}${gzip.padStart(12)}${brotli.padStart(12)}  ${why}`;

console.log(`First-load JS of ${path.relative(process.cwd(), dist) || dist}/index.html\n`);
console.log(line('file', 'raw', 'gzip -9', 'brotli 11', 'loaded as'));
console.log('-'.repeat(nameWidth + 36 + 2 + 28));
for (const r of rows) console.log(line(r.name, fmt(r.raw), fmt(r.gzip), fmt(r.brotli), r.why));
console.log('-'.repeat(nameWidth + 36 + 2 + 28));
console.log(
  line(`initial route (${rows.length} files)`, fmt(initialTotal.raw), fmt(initialTotal.gzip), fmt(initialTotal.brotli)),
);
console.log(
  line(`all JS in assets/ (${allJs.length} files)`, fmt(allTotal.raw), fmt(allTotal.gzip), fmt(allTotal.brotli)),
);
const share = allTotal.gzip ? initialTotal.gzip / allTotal.gzip : 0;
console.log(
  `\nbaseline: all JS chunks ${fmt(allTotal.gzip)} gzipped; the initial route loads ${share.toFixed(2)} of it`,
);
console.log(
  `initial route JS: ${kib(initialTotal.gzip).toFixed(1)} KiB gzipped (target < ${BUDGET_KIB} KiB) — ratio ${(
    kib(initialTotal.gzip) / BUDGET_KIB
  ).toFixed(2)} of budget`,
);

// ---- 2. Lighthouse on the landing page -------------------------------------------------------------

const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 2);
const GOALS = { performance: 90, accessibility: 100, 'best-practices': 100 };

async function lighthouseRuns() {
  if (runs <= 0) return true;
  const server = await startServer();
  const chrome = await launchChrome();
  const url = `${server.base}/`;
  let allMet = true;
  try {
    console.log(`\nLighthouse ${runs}x, mobile preset, ${url} (Chromium ${chromePath})\n`);
    for (let i = 1; i <= runs; i += 1) {
      const { scores, metrics, losing } = await lighthouseRun(url, chrome.port);
      console.log(
        `run ${i}: ${Object.entries(scores)
          .map(([id, n]) => `${id} ${n}`)
          .join(' / ')}   (${metrics})`,
      );
      for (const [id, goal] of Object.entries(GOALS)) {
        if (scores[id] >= goal) continue;
        allMet = false;
        console.log(`  ${id} below ${goal}: ${losing[id].slice(0, 8).join(', ')}`);
      }
    }
    console.log(
      `goals: ${Object.entries(GOALS)
        .map(([id, g]) => `${id} >= ${g}`)
        .join(', ')} — ${allMet ? 'met in every run' : 'NOT met in every run'}`,
    );
  } finally {
    chrome.kill();
    await server.stop();
  }
  return allMet;
}

await lighthouseRuns();
