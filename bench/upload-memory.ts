/**
 * Memory after a burst of image uploads (issue 16: RSS grew from about 390 to 715 MB and stayed there).
 * A real server in this process (in-memory PGlite, local storage), four members each posting BURST/4
 * large photos (noise JPEGs, the worst case for the encoder), CONCURRENCY requests at a time. Prints the
 * resident set size before, at its peak, and after the burst once the heap is collected.
 *
 *   npx tsx --expose-gc bench/upload-memory.ts [burst] [concurrency]        # defaults: 40 uploads, 8 at once
 *   SAJHA_ROOT=/path/to/other/checkout npx tsx --expose-gc bench/upload-memory.ts   # the same on other code
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import pino from 'pino';
import sharp from 'sharp';

const BURST = Number(process.argv[2] ?? 40);
const CONCURRENCY = Number(process.argv[3] ?? 8);
const root = path.resolve(process.env.SAJHA_ROOT ?? path.join(import.meta.dirname, '..'));
const server = (p: string) => import(path.join(root, 'apps/server', p));

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
const rss = () => process.memoryUsage().rss;
const settle = async () => {
  for (let i = 0; i < 3; i++) {
    (globalThis as { gc?: () => void }).gc?.();
    await new Promise((r) => setImmediate(r));
  }
};

async function main() {
  const { buildApp } = await server('src/app.ts');
  const { loadConfig } = await server('src/config.ts');
  const { users } = await server('src/db/schema.ts');
  const { sessionCookie } = await server('test/harness.ts');

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
  // 4000 x 3000 noise: about 9 MB as JPEG, 36 MB decoded.
  const photo = await sharp(randomBytes(4000 * 3000 * 3), { raw: { width: 4000, height: 3000, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();

  await settle();
  const before = rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rss())), 20);
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
      if (!res.ok) failed++;
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  clearInterval(sampler);
  await settle();
  const after = rss();
  console.log(
    `code: ${root}\nphoto: ${mb(photo.length)}, ${BURST} uploads, ${CONCURRENCY} at once, ${failed} failed\n` +
      `RSS before ${mb(before)}, peak ${mb(peak)}, after ${mb(after)} (growth kept: ${mb(after - before)})`,
  );
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
}

await main();
