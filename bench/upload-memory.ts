/**
 * Memory after a burst of image uploads (issue 16: RSS grew from about 390 to 715 MB and stayed there).
 * A real server in a child process of its own (in-memory PGlite, local storage), so its resident set size is
 * the server's alone; four members each post BURST/4 large photos (noise JPEGs, the worst case for the
 * encoder), CONCURRENCY requests at a time. Prints the server's RSS before, at its peak, and after the
 * burst once its heap is collected.
 *
 *   npx tsx --expose-gc bench/upload-memory.ts [burst] [concurrency]        # defaults: 40 uploads, 8 at once
 *   SAJHA_ROOT=/path/to/other/checkout npx tsx --expose-gc bench/upload-memory.ts   # the same on other code
 *   npx tsx bench/upload-memory.ts 24 8 large     # 45 MB files that are no image or video (read, then refused)
 */
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import pino from 'pino';
import sharp from 'sharp';
import type * as AppModule from '../apps/server/src/app.js';
import type * as ConfigModule from '../apps/server/src/config.js';
import type * as SchemaModule from '../apps/server/src/db/schema.js';
import type * as HarnessModule from '../apps/server/test/harness.js';

const BURST = Number(process.argv[2] ?? 40);
const CONCURRENCY = Number(process.argv[3] ?? 8);
const LARGE = process.argv[4] === 'large';
const root = path.resolve(process.env.SAJHA_ROOT ?? path.join(import.meta.dirname, '..'));
const server = (p: string): Promise<unknown> => import(path.join(root, 'apps/server', p));

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
/** The server process's resident set size, from /proc. */
const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

/** The child: the app, with a message channel for "collect garbage now". */
async function serve() {
  // Typed as this checkout's modules; SAJHA_ROOT may load another checkout's copy of them.
  const { buildApp } = (await server('src/app.ts')) as typeof AppModule;
  const { loadConfig } = (await server('src/config.ts')) as typeof ConfigModule;
  const { users } = (await server('src/db/schema.ts')) as typeof SchemaModule;
  const { sessionCookie } = (await server('test/harness.ts')) as typeof HarnessModule;

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sajha-bench-mem-'));
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  config.inMemoryDb = true;
  const app = await buildApp(config, { logger: pino({ level: 'silent' }) });
  const url: string = await app.listen();
  const cookies: string[] = [];
  for (let i = 0; i < 4; i++) {
    const id = randomUUID();
    await app.deps.db.insert(users).values({
      id,
      email: `mem${i}@bench.test`,
      username: `mem${i}`,
      name: `Mem ${i}`,
      emailVerifiedAt: new Date(),
    });
    cookies.push(await sessionCookie(app.deps.db, id));
  }
  const collect = async () => {
    for (let i = 0; i < 3; i++) {
      (globalThis as { gc?: () => void }).gc?.();
      await new Promise((r) => setTimeout(r, 100));
    }
    process.send!('collected');
  };
  process.on('message', (m: string) => {
    if (m === 'gc') void collect();
  });
  process.send!({ url, cookies });
  await once(process, 'disconnect');
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
  process.exit(0);
}

async function main() {
  const child: ChildProcess = fork(import.meta.filename, ['--serve'], {
    execArgv: ['--expose-gc', '--import', 'tsx'],
    env: process.env,
  });
  const [{ url, cookies }] = (await once(child, 'message')) as [{ url: string; cookies: string[] }];
  const pid = child.pid!;
  const collect = async () => {
    child.send('gc');
    await once(child, 'message');
  };
  // 4000 x 3000 noise: about 9 MB as JPEG, 36 MB decoded.
  const photo = LARGE
    ? randomBytes(45 * 1024 * 1024)
    : await sharp(randomBytes(4000 * 3000 * 3), { raw: { width: 4000, height: 3000, channels: 3 } })
        .jpeg({ quality: 90 })
        .toBuffer();

  await collect();
  const before = rssOf(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 20);
  let next = 0;
  let failed = 0;
  const worker = async () => {
    while (next < BURST) {
      const i = next++;
      const form = new FormData();
      form.set('content', `Photo ${i}`);
      form.append('mediaFiles', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `p${i}.jpg`);
      const res = await fetch(`${url}/api/createPost`, {
        method: 'POST',
        body: form,
        headers: { cookie: cookies[i % cookies.length]! },
      });
      if (!res.ok) failed++; // every one with LARGE: refused as no image or video, after being read
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  clearInterval(sampler);
  await collect();
  const after = rssOf(pid);
  console.log(
    `code: ${root}\nphoto: ${mb(photo.length)}, ${BURST} uploads, ${CONCURRENCY} at once, ${failed} failed\n` +
      `server RSS before ${mb(before)}, peak ${mb(peak)}, after ${mb(after)} (growth kept: ${mb(after - before)})`,
  );
  child.disconnect();
  await once(child, 'exit');
}

await (process.argv.includes('--serve') ? serve() : main());
