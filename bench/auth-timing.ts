/**
 * Account discovery by timing: the median answer time of sign-up, r_v_e (new code), verify_email (a
 * wrong code) and request_password_reset for addresses WITH an account, printed beside the same for
 * addresses WITHOUT one, in the same run, with the real argon2 cost. A ratio near 1.0 means the clock
 * tells an attacker nothing; the answers themselves are checked equal by the auth tests.
 *
 *   npx tsx bench/auth-timing.ts
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { users } from '../apps/server/src/db/schema.js';
import { hashPassword } from '../apps/server/src/platform/passwords.js';

const N = 30;
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sajha-bench-auth-'));
const config = loadConfig({
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  TRUST_PROXY: 'true',
  WEB_DIST: path.join(dataDir, 'no-web'),
  // The bot check costs the same for every address: off, so the clock shows only what an account changes.
  ALTCHA_ENABLED: 'false',
});
config.inMemoryDb = true;
const app = await buildApp(config, { logger: pino({ level: 'silent' }) });
const base = await app.listen();

let ip = 0;
async function post(p: string, body: unknown): Promise<number> {
  ip += 1;
  const started = performance.now();
  const res = await fetch(base + p, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${ip >> 16}.${(ip >> 8) & 255}.${ip & 255}` },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return performance.now() - started;
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// Existing accounts: half verified, half still pending, each with its own address.
const existing: string[] = [];
for (let i = 0; i < N; i++) {
  const email = `member${i}.${Date.now()}@example.test`;
  await app.deps.db.insert(users).values({
    id: randomUUID(),
    name: `Member ${i}`,
    username: `member_${i}_${Date.now() % 100000}`,
    email,
    passwordHash: await hashPassword('kathmandu7'),
    emailVerifiedAt: i % 2 ? new Date() : null,
  });
  existing.push(email);
}
const unknown = (tag: string) => Array.from({ length: N }, (_, i) => `nobody-${tag}${i}.${Date.now()}@example.test`);

type Case = [string, string, (email: string, i: number) => unknown];
const cases: Case[] = [
  [
    'register',
    '/api/auth/register',
    (email, i) => ({
      fullname: 'Sita Sharma',
      username: `s_${i}_${randomUUID().slice(0, 8)}`,
      email,
      password: 'kathmandu7',
    }),
  ],
  ['r_v_e', '/api/auth/r_v_e', (email) => ({ email })],
  ['verify_email', '/api/auth/verify_email', (email) => ({ email, otp: '000000' })],
  ['request_password_reset', '/api/auth/request_password_reset', (email) => ({ email })],
];
// Warm up the code paths first.
for (const [, p, body] of cases) await post(p, body(`warm-${randomUUID()}@example.test`, 999));

console.log(`median answer time over ${N} requests each (ms): account exists / does not / ratio`);
for (const [name, p, body] of cases) {
  const fresh = unknown(name);
  // Each case starts alike for both sides: no cooldown left from the case before, no queued work.
  for (const email of existing) {
    await app.deps.limiters.reset('codeRequestPerEmail', email);
    await app.deps.limiters.reset('codeGuessPerEmail', email);
  }
  await app.deps.jobs.idle('auth.code');
  await app.deps.jobs.idle('mail.send');
  const a: number[] = [];
  const b: number[] = [];
  // Interleaved and in turns (the background job one request leaves must not always land on the other).
  for (let i = 0; i < N; i++) {
    if (i % 2) {
      a.push(await post(p, body(existing[i]!, i)));
      b.push(await post(p, body(fresh[i]!, i)));
    } else {
      b.push(await post(p, body(fresh[i]!, i)));
      a.push(await post(p, body(existing[i]!, i)));
    }
  }
  const [ma, mb] = [median(a), median(b)];
  console.log(`${name.padEnd(24)} ${ma.toFixed(1).padStart(7)} ${mb.toFixed(1).padStart(7)}   ${(ma / mb).toFixed(2)}`);
}
await app.close();
await rm(dataDir, { recursive: true, force: true });
