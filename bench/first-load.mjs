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
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

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

const serverMain = path.join(here, '../apps/server/dist/main.js');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 2);
const GOALS = { performance: 90, accessibility: 100, 'best-practices': 100 };

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sajha-first-load-'));
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL; // the embedded database: the page, not the back end, is measured here
  delete env.REDIS_URL;
  const child = spawn(process.execPath, [serverMain], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://localhost:${port}`;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (;;) {
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (child.exitCode !== null) throw new Error('first-load: the server exited before it answered');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function lighthouseRuns() {
  if (runs <= 0) return true;
  if (!existsSync(serverMain)) {
    console.error(`\nfirst-load: ${serverMain} is missing; run \`npm run build\` for the Lighthouse part.`);
    return false;
  }
  if (!existsSync(chromePath)) {
    console.error(`\nfirst-load: no Chromium at ${chromePath} (set CHROME_PATH); Lighthouse skipped.`);
    return false;
  }
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const server = await startServer();
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const url = `${server.base}/`;
  let allMet = true;
  try {
    console.log(`\nLighthouse ${runs}x, mobile preset, ${url} (Chromium ${chromePath})\n`);
    for (let i = 1; i <= runs; i += 1) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: Object.keys(GOALS),
      });
      const { categories, audits } = result.lhr;
      const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
      const metric = (id) => audits[id]?.displayValue ?? '?';
      const scores = Object.keys(GOALS).map((id) => `${id} ${score(id)}`);
      // Simulated throttling scales what this machine measured: a busy machine (load, benchmark index)
      // reads as a slower phone, so both are printed with the scores.
      const machine = `benchmarkIndex ${Math.round(result.lhr.environment.benchmarkIndex)}, load ${os.loadavg()[0].toFixed(1)}`;
      console.log(
        `run ${i}: ${scores.join(' / ')}   (FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}; ${machine})`,
      );
      for (const [id, goal] of Object.entries(GOALS)) {
        if (score(id) >= goal) continue;
        allMet = false;
        const failing = categories[id].auditRefs
          .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && audits[ref.id]?.score < 1)
          .map((ref) => `${ref.id} (${audits[ref.id].displayValue ?? Math.round(audits[ref.id].score * 100)})`);
        console.log(`  ${id} below ${goal}: ${failing.slice(0, 8).join(', ')}`);
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
