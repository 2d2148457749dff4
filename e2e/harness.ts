/**
 * Browser-test harness: the real server in-process (built web app, fresh database, mail to an
 * outbox folder) and a headless Chromium driving it. One per test file:
 *
 *   let e2e: E2E;
 *   beforeAll(async () => (e2e = await startE2E()));
 *   afterAll(() => e2e?.close());
 *
 * `newPage()` inside a test gets its own browser context (cookies, storage) that is closed when the
 * test ends; if the test failed, a screenshot and the page's console go to e2e/artifacts/ first.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { onTestFinished } from 'vitest';
import { buildApp, type App } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import type { Db } from '../apps/server/src/db/client.js';
import {
  connectSocket,
  freshPostgresDatabase,
  sessionCookie,
  usePostgres,
  type TestSocket,
} from '../apps/server/test/harness.js';

export { readOutbox, waitForMail, type OutboxMail } from './outbox.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The built web app; E2E_WEB_DIST lets two people build and test side by side without sharing one folder. */
export const WEB_DIST = process.env.E2E_WEB_DIST
  ? path.resolve(process.env.E2E_WEB_DIST)
  : path.resolve(here, '../apps/web/dist');
export const ARTIFACTS_DIR = path.join(here, 'artifacts');
/** Console lines of each page printed with a failure (all of them go to the artifact file). */
const CONSOLE_TAIL = 40;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const BASE_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const MEDIA_ARGS = [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--allow-loopback-in-peer-connection',
];

export interface E2EOptions {
  /** Fake camera and microphone, granted without a prompt, and loopback WebRTC (for call tests). */
  media?: boolean;
  /** Extra server environment (e.g. PUBLIC_URL); merged over the harness defaults. */
  env?: Record<string, string>;
}

export interface Viewport {
  width: number;
  height: number;
}

export interface E2E {
  baseUrl: string;
  app: App;
  db: Db;
  dataDir: string;
  browser: Browser;
  /** A page in a fresh context (own cookies and storage) with baseURL set; closed when the test ends. */
  newPage(viewport?: Viewport): Promise<Page>;
  /** A page (as newPage) already signed in as `user`, with a remembered session. */
  signedInPage(user: { id: string }, viewport?: Viewport): Promise<Page>;
  /** A socket of `user` on the main path, closed with the harness. */
  socketOf(user: { id: string }): Promise<TestSocket>;
  /** Saves a screenshot of every open page to e2e/artifacts/ (done for you when a test fails). */
  snapshot(label: string): Promise<string[]>;
  close(): Promise<void>;
}

export async function startE2E(opts: E2EOptions = {}): Promise<E2E> {
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error(`The web app is not built (${WEB_DIST}/index.html is missing). Run \`npm run build\` first.`);
  }
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (set CHROMIUM_PATH).`);

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sajha-e2e-'));
  const cleanups: (() => Promise<unknown>)[] = [() => rm(dataDir, { recursive: true, force: true })];
  const cleanUp = async () => {
    // Last started, first stopped; safe to call twice.
    for (let fn = cleanups.pop(); fn; fn = cleanups.pop()) await fn().catch(() => undefined);
  };

  // Chromium starts while the server migrates its database.
  const launching = chromium.launch({
    executablePath: CHROMIUM,
    args: [...BASE_ARGS, ...(opts.media ? MEDIA_ARGS : [])],
  });
  launching.catch(() => undefined); // awaited below; this only keeps an early failure from going unhandled
  cleanups.push(() => launching.then((b) => b.close()));

  try {
    const pgDb = usePostgres() ? await freshPostgresDatabase() : undefined;
    if (pgDb) cleanups.push(() => pgDb.drop());
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIST,
      // The bot check on sign-up, resend and reset stays on, made cheap: the widget solves it at once.
      ALTCHA_MAX_NUMBER: '50',
      ALTCHA_COST: '100',
      ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
      ...opts.env,
    });
    config.inMemoryDb = !pgDb;
    const app = await buildApp(config, { logger: pino({ level: 'silent' }) });
    cleanups.push(() => app.close());
    const baseUrl = await app.listen();
    // Mailed links (reset) should point at the real address, known only once listening.
    config.publicUrl = baseUrl;

    const browser = await launching;

    const open = new Map<Page, string[]>();

    const snapshot = async (label: string): Promise<string[]> => {
      await mkdir(ARTIFACTS_DIR, { recursive: true });
      const stem = `${label.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}-${Date.now()}`;
      const saved: string[] = [];
      let n = 0;
      for (const [page, log] of open) {
        if (page.isClosed()) continue;
        const file = path.join(ARTIFACTS_DIR, `${stem}-${++n}`);
        await page.screenshot({ path: `${file}.png`, fullPage: true }).catch(() => undefined);
        await writeFile(`${file}.log`, [`url: ${page.url()}`, ...log].join('\n'));
        saved.push(`${file}.png`);
        // CI keeps only its output: the end of each page's console goes there too.
        console.error(`e2e: ${page.url()} console (last ${CONSOLE_TAIL}):\n  ${log.slice(-CONSOLE_TAIL).join('\n  ')}`);
      }
      return saved;
    };

    const closeContext = async (context: BrowserContext) => {
      for (const page of context.pages()) open.delete(page);
      await context.close().catch(() => undefined);
    };

    const newPage = async (viewport?: Viewport): Promise<Page> => {
      const context = await browser.newContext({
        baseURL: baseUrl,
        ...(viewport ? { viewport } : {}),
        ...(opts.media ? { permissions: ['camera', 'microphone'] } : {}),
      });
      // Every page of the context is watched, popups too (a call window opened by a click), so a failure
      // leaves their screenshots and consoles behind as well.
      const watch = (page: Page): void => {
        // Fail within the test's own time budget, with the locator named, rather than at the test timeout.
        page.setDefaultTimeout(15_000);
        const log: string[] = [];
        page.on('console', (m) => log.push(`console.${m.type()}: ${m.text()}`));
        page.on('pageerror', (e) => log.push(`pageerror: ${e.stack ?? e.message}`));
        page.on('requestfailed', (r) => log.push(`requestfailed: ${r.method()} ${r.url()} ${r.failure()?.errorText}`));
        open.set(page, log);
      };
      context.on('page', watch);
      const page = await context.newPage();
      try {
        onTestFinished(async ({ task }) => {
          if (task.result?.state === 'fail') {
            const files = await snapshot(task.name);
            if (files.length) console.error(`e2e: saved ${files.join(', ')}`);
          }
          await closeContext(context);
        });
      } catch {
        // Opened outside a test (e.g. in beforeAll): the caller closes it, or close() does.
      }
      return page;
    };

    const signedInPage = async (user: { id: string }, viewport?: Viewport): Promise<Page> => {
      const page = await newPage(viewport);
      const [name, value] = (await sessionCookie(app.deps.db, user.id, true)).split('=');
      await page.context().addCookies([{ name: name!, value: value!, url: baseUrl, httpOnly: true, sameSite: 'Lax' }]);
      return page;
    };
    const socketOf = async (user: { id: string }): Promise<TestSocket> => {
      const socket = await connectSocket(baseUrl, await sessionCookie(app.deps.db, user.id));
      cleanups.push(() => Promise.resolve(socket.close()));
      return socket;
    };

    return {
      baseUrl,
      app,
      db: app.deps.db,
      dataDir,
      browser,
      newPage,
      signedInPage,
      socketOf,
      snapshot,
      close: cleanUp,
    };
  } catch (err) {
    await cleanUp();
    throw err;
  }
}

/** sRGB relative luminance (0 black .. 1 white) of a CSS colour like `rgb(18, 18, 18)`. */
export function luminance(cssColor: string): number {
  const m = /rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)/.exec(cssColor);
  if (!m) throw new Error(`not an rgb() colour: ${cssColor}`);
  const [r, g, b] = [m[1], m[2], m[3]].map((c) => {
    const v = Number(c) / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
