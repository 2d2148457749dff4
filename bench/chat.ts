/**
 * Chat throughput and delivery latency through the real server (session auth at handshake, payload
 * validation, membership checks, storage in the database, fan-out to rooms), beside a bare Socket.IO
 * relay with no auth and no storage, measured in the same run with the same client pattern.
 *
 * N pairs of clients each hold one direct chat and both look at it. Every client sends M messages,
 * closed loop: the next goes when the previous one is acknowledged. Delivery latency is the time
 * from the send to its arrival at the other client. The real clients also stay under the per-socket
 * flood budget (30 events/s) by spacing their sends at least 40 ms apart.
 *
 *   npx tsx bench/chat.ts [pairs] [messagesPerClient]     # defaults: 20 pairs, 60 messages each
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pino from 'pino';
import { Server } from 'socket.io';
import { io as ioClient, type Socket } from 'socket.io-client';
import { Events } from '@sajha/contract';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { randomUUID } from 'node:crypto';
import { users } from '../apps/server/src/db/schema.js';
import { sessionCookie } from '../apps/server/test/harness.js';

const PAIRS = Number(process.argv[2] ?? 20);
const PER_CLIENT = Number(process.argv[3] ?? 60);
const REAL_MIN_GAP_MS = 40;

type Answer = { ok: true; data?: unknown } | { ok: false; error: string };
type Client = Socket;

interface Pair {
  a: Client;
  b: Client;
  /** What each side sends with a message (the real server needs the chat id). */
  sendArgs: (from: 'a' | 'b', text: string, id: string) => [string, unknown];
}

interface Result {
  label: string;
  messages: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  retries: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

function connect(
  url: string,
  opts: { path: string; cookie?: string; query?: Record<string, string> },
): Promise<Client> {
  const s = ioClient(url, {
    path: opts.path,
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    ...(opts.cookie ? { extraHeaders: { cookie: opts.cookie } } : {}),
    ...(opts.query ? { query: opts.query } : {}),
  });
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
}

function ask(s: Client, event: string, ...args: unknown[]): Promise<Answer> {
  return new Promise((resolve) => s.emit(event, ...args, resolve));
}

/** Runs every client's closed loop and collects delivery latencies at the receivers. */
async function run(
  label: string,
  pairs: Pair[],
  receiveEvent: string,
  minGapMs: number,
  perClient = PER_CLIENT,
): Promise<Result> {
  const latencies: number[] = [];
  let delivered = 0;
  let retries = 0;
  const total = pairs.length * 2 * perClient;
  let lastDelivery = 0;
  const allDelivered = new Promise<void>((resolve) => {
    for (const p of pairs) {
      for (const s of [p.a, p.b]) {
        s.on(receiveEvent, (m: { message?: string; content?: string }) => {
          const text = m.message ?? m.content ?? '';
          const sentAt = Number(/^t=([\d.]+)/.exec(text)?.[1]);
          if (!Number.isFinite(sentAt)) return;
          const now = performance.now();
          latencies.push(now - sentAt);
          lastDelivery = now;
          delivered += 1;
          if (delivered === total) resolve();
        });
      }
    }
  });

  const loop = async (p: Pair, from: 'a' | 'b', index: number) => {
    const s = from === 'a' ? p.a : p.b;
    for (let i = 0; i < perClient; i += 1) {
      const started = performance.now();
      const id = `${label}-${index}-${from}-${i}`;
      const [event, payload] = p.sendArgs(from, `t=${started.toFixed(3)} message ${i}`, id);
      for (;;) {
        const answer = await ask(s, event, payload);
        if (answer.ok) break;
        retries += 1; // a refused send (e.g. flood budget) is resent with the same id: stored once
        await sleep(100);
      }
      const spent = performance.now() - started;
      if (spent < minGapMs) await sleep(minGapMs - spent);
    }
  };

  const t0 = performance.now();
  const loops = pairs.flatMap((p, i) => [loop(p, 'a', i), loop(p, 'b', i)]);
  await Promise.all(loops);
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([allDelivered, new Promise((r) => (timer = setTimeout(r, 30_000)))]);
  clearTimeout(timer);
  const seconds = ((lastDelivery || performance.now()) - t0) / 1000;
  latencies.sort((x, y) => x - y);
  for (const p of pairs) for (const s of [p.a, p.b]) s.off(receiveEvent);
  return {
    label,
    messages: delivered,
    seconds,
    perSecond: delivered / seconds,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    retries,
  };
}

async function realServer() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sajha-bench-'));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
  });
  config.inMemoryDb = true;
  const app = await buildApp(config, { logger: pino({ level: 'silent' }) });
  const url = await app.listen();
  const pairs: Pair[] = [];
  for (let i = 0; i < PAIRS; i += 1) {
    // Members straight into the database (no password hashing: sign-in is not what is measured).
    const [ua, ub] = [0, 1].map(() => ({ id: randomUUID() })) as [{ id: string }, { id: string }];
    await app.deps.db.insert(users).values(
      [ua, ub].map((u, k) => ({
        id: u.id,
        name: `Bench ${i}${k ? 'b' : 'a'}`,
        username: `bench_${i}_${k}`,
        email: `bench_${i}_${k}@bench.test`,
        emailVerifiedAt: new Date(),
      })),
    );
    const a = await connect(url, { path: '/real', cookie: await sessionCookie(app.deps.db, ua.id) });
    const b = await connect(url, { path: '/real', cookie: await sessionCookie(app.deps.db, ub.id) });
    const started = await ask(a, Events.startChat, { to_uid: ub.id });
    if (!started.ok) throw new Error(started.error);
    const chatId = (started.data as { id: string }).id;
    await ask(a, Events.joinChat, chatId);
    await ask(b, Events.joinChat, chatId);
    pairs.push({
      a,
      b,
      sendArgs: (_from, text, id) => [Events.sendMessage, { id, message: text, to_cid: chatId }],
    });
  }
  return {
    pairs,
    async close() {
      for (const p of pairs) for (const s of [p.a, p.b]) s.close();
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The baseline: relays a message to the other member's room and acknowledges. Nothing else. */
async function bareRelay() {
  const http = createServer();
  const io = new Server(http, { path: '/relay', transports: ['websocket'], serveClient: false });
  io.on('connection', (socket) => {
    void socket.join(String(socket.handshake.query.room));
    socket.on('send', (m: { to: string; message: string }, ack: (a: Answer) => void) => {
      socket.to(m.to).emit('recv', { message: m.message });
      ack({ ok: true });
    });
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const pairs: Pair[] = [];
  for (let i = 0; i < PAIRS; i += 1) {
    const a = await connect(url, { path: '/relay', query: { room: `a${i}` } });
    const b = await connect(url, { path: '/relay', query: { room: `b${i}` } });
    pairs.push({
      a,
      b,
      sendArgs: (from, text) => ['send', { to: from === 'a' ? `b${i}` : `a${i}`, message: text }],
    });
  }
  return {
    pairs,
    async close() {
      for (const p of pairs) for (const s of [p.a, p.b]) s.close();
      await io.close();
    },
  };
}

const fmt = (r: Result) =>
  `${r.label.padEnd(28)} ${String(r.messages).padStart(6)} msgs  ${r.seconds.toFixed(2).padStart(6)} s  ` +
  `${r.perSecond.toFixed(0).padStart(7)} msg/s  p50 ${r.p50.toFixed(1).padStart(7)} ms  p99 ${r.p99.toFixed(1).padStart(7)} ms` +
  (r.retries ? `  (${r.retries} resends)` : '');

console.log(`chat bench: ${PAIRS} pairs, ${PER_CLIENT} messages per client, closed loop (in-memory PGlite)`);
const real = await realServer();
// Warm-up: two messages each way per pair, not measured.
await run('warm-up', real.pairs, Events.receiveMessage, REAL_MIN_GAP_MS, 2);
const realResult = await run('real server (auth+db)', real.pairs, Events.receiveMessage, REAL_MIN_GAP_MS);
await real.close();

const bare = await bareRelay();
const bareResult = await run('bare Socket.IO relay', bare.pairs, 'recv', 0);
await bare.close();

console.log(fmt(realResult));
console.log(fmt(bareResult));
console.log(
  `ratio real/bare: throughput ${(realResult.perSecond / bareResult.perSecond).toFixed(3)}x, ` +
    `p50 latency ${(realResult.p50 / Math.max(bareResult.p50, 0.001)).toFixed(1)}x, ` +
    `p99 latency ${(realResult.p99 / Math.max(bareResult.p99, 0.001)).toFixed(1)}x`,
);
if (realResult.messages < PAIRS * 2 * PER_CLIENT) {
  console.error(`chat bench: only ${realResult.messages} of ${PAIRS * 2 * PER_CLIENT} messages arrived`);
  process.exitCode = 1;
}
