/**
 * What the Lighthouse benchmarks share (first-load.mjs: the landing page; entry-pages.ts: the pages shared
 * links and signed-in members open): the built server on a free port with the embedded database in a
 * folder, Debian's Chromium, and one Lighthouse run (mobile preset: a mid-range phone on slow 4G,
 * simulated) read into scores, metrics and the audits that cost points.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const serverMain = path.join(here, '../apps/server/dist/main.js');
export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CATEGORIES = ['performance', 'accessibility', 'best-practices'];

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The built server (apps/server/dist) on the embedded database in `dataDir` (a new temporary folder when
 * not given; removed on stop only then): the page, not the back end, is what these benchmarks measure.
 */
export async function startServer(dataDir) {
  if (!existsSync(serverMain)) throw new Error(`${serverMain} is missing: run \`npm run build\` first`);
  const port = await freePort();
  const own = dataDir === undefined;
  const dir = dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'sajha-lighthouse-'));
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const child = spawn(process.execPath, [serverMain], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (;;) {
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (child.exitCode !== null) throw new Error('the server exited before it answered');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base: `http://localhost:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      if (own) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function launchChrome() {
  if (!existsSync(chromePath)) throw new Error(`no Chromium at ${chromePath} (set CHROME_PATH)`);
  const chromeLauncher = await import('chrome-launcher');
  return chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
}

/**
 * One Lighthouse run of `url` in the Chromium at `chromePort`; `headers` go with every request (a session
 * cookie: Lighthouse clears the site's storage, cookies included, before it loads the page).
 * Returns the category scores (0–100), LCP in ms, a line of metrics and, per category below 100, the
 * audits that cost it points.
 */
export async function lighthouseRun(url, chromePort, headers) {
  const { default: lighthouse } = await import('lighthouse');
  const result = await lighthouse(url, {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
    ...(headers ? { extraHeaders: headers } : {}),
  });
  const { categories, audits, finalDisplayedUrl } = result.lhr;
  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((categories[id]?.score ?? 0) * 100)]));
  const metric = (id) => audits[id]?.displayValue ?? '?';
  // Simulated throttling scales what this machine measured: a busy machine (load, benchmark index) reads as
  // a slower phone, so both are printed with the scores.
  const machine = `benchmarkIndex ${Math.round(result.lhr.environment.benchmarkIndex)}, load ${os.loadavg()[0].toFixed(1)}`;
  const losing = Object.fromEntries(
    CATEGORIES.filter((id) => scores[id] < 100).map((id) => [
      id,
      categories[id].auditRefs
        .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && audits[ref.id]?.score < 1)
        .map((ref) => `${ref.id} (${audits[ref.id].displayValue ?? Math.round(audits[ref.id].score * 100)})`),
    ]),
  );
  return {
    scores,
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? Infinity,
    finalUrl: finalDisplayedUrl,
    metrics: `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}; ${machine}`,
    losing,
    lhr: result.lhr,
  };
}
