/**
 * What an idle signed-in socket costs: N idle authenticated sockets on our server (session cookie,
 * the handshake's query, presence, every area's handlers, the first unread badge) beside N sockets on
 * a plain Socket.IO server (same transport and path, no auth, no handlers), in the same run.
 *
 * Each server runs in its own child process (so the clients' memory is not counted) with --expose-gc;
 * RSS per connection is (RSS after connecting N, after GC) - (RSS before, after GC), divided by N; the
 * JS heap per connection (heapUsed, same way) is printed beside it, being less noisy than RSS.
 * Each kind is measured in REPEATS fresh processes, taken in turn, and the medians are compared.
 * Connect time is the wall time for N clients to connect, 50 at a time; our clients wait for the first
 * `unread_count` too (the moment the web app can paint). Both servers first take (and drop) 200
 * warm-up connections, so one-time costs (compiling the code paths) are not counted per connection.
 * Then each socket sends one event (`get_unread`), answered on both servers (the plain one answers from a
 * listener of its own on each socket, as a plain Socket.IO app is written), and the memory is read again:
 * what a socket costs once its member has done something (issue 39, goal 2: <= 1.3x plain). The warm-up
 * connections send the event too, so the code path's one-time costs (compiling it, the database's caches)
 * are not counted per connection, nor is the embedded database worker's heap growing to what a burst of
 * N events needs (that worker's heap is in the process's RSS, and the measured process's gc() does not
 * reach it). SOCKETS_BENCH_POSTGRES=1 runs our server on a fresh PostgreSQL database instead.
 *
 *   npx tsx bench/sockets.ts [sockets]      # default 2,000
 */
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Server } from 'socket.io';
import type { Socket } from 'socket.io-client';
import { sessions, users } from '../apps/server/src/db/schema.js';
import { SESSION_COOKIE } from '../apps/server/src/platform/sessions.js';
import { sha256 } from '../apps/server/src/platform/crypto.js';
import { freshPostgresDatabase } from '../apps/server/test/harness.js';
import { benchServer, connectClient, forkChild } from './child.js';

const N = Number((process.argv[2] === 'serve' ? process.argv[4] : process.argv[2]) ?? 2000);
const CONCURRENCY = 50;
const WARM_UP = 200;
/** Fresh server processes measured per kind (plain and ours in turn); the medians are compared. */
const REPEATS = Number(process.env.SOCKETS_BENCH_REPEATS ?? 5);
const self = fileURLToPath(import.meta.url);

type Kind = 'plain' | 'ours';
type ToParent =
  { type: 'ready'; url: string; cookies: string[] } | { type: 'memory'; rss: number; heap: number; external: number };

// ---- child: one server ----------------------------------------------------------------------------

async function serve(kind: Kind): Promise<void> {
  let url: string;
  let cookies: string[] = [];
  if (kind === 'plain') {
    const http = createServer();
    const io = new Server(http, { path: '/real', transports: ['websocket'], serveClient: false });
    io.on('connection', (socket) => {
      socket.on('get_unread', (ack?: (answer: unknown) => void) => ack?.({ ok: true, data: { count: 0 } }));
    });
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  } else {
    // SOCKETS_BENCH_POSTGRES=1: the database is a fresh PostgreSQL one (DATABASE_URL's server), not the
    // embedded one: the embedded database's worker keeps the garbage of the queries it ran in its own
    // heap, which the measured process's RSS includes and its gc() does not reach.
    // The parent makes the database and drops it (this process is killed).
    const server = await benchServer('sockets', N + 100, process.argv[5], true);
    const app = server.app;
    url = server.url;
    // One member per socket (a member's own cap is 20), straight into the database.
    const members = N + WARM_UP;
    for (let i = 0; i < members; i += 500) {
      const batch = Array.from({ length: Math.min(500, members - i) }, (_, k) => ({
        id: randomUUID(),
        token: randomBytes(32).toString('base64url'),
        n: i + k,
      }));
      await app.deps.db.insert(users).values(
        batch.map((u) => ({
          id: u.id,
          name: `Idle ${u.n}`,
          username: `idle_${u.n}`,
          email: `idle_${u.n}@bench.test`,
          emailVerifiedAt: new Date(),
        })),
      );
      await app.deps.db.insert(sessions).values(
        batch.map((u) => ({
          id: randomUUID(),
          tokenHash: sha256(u.token),
          userId: u.id,
          expiresAt: new Date(Date.now() + 3600_000),
        })),
      );
      cookies.push(...batch.map((u) => `${SESSION_COOKIE}=${u.token}`));
    }
  }
  const send = (m: ToParent) => process.send!(m);
  process.on('message', (m: { type: string }) => {
    if (m.type !== 'measure') return;
    for (let i = 0; i < 4; i += 1) global.gc!();
    const mem = process.memoryUsage();
    send({ type: 'memory', rss: mem.rss, heap: mem.heapUsed, external: mem.external });
  });
  send({ type: 'ready', url, cookies });
  cookies = [];
}

// ---- parent: clients and figures ------------------------------------------------------------------

const ON_POSTGRES = process.env.SOCKETS_BENCH_POSTGRES === '1';

function start(kind: Kind, pgUrl?: string) {
  return forkChild<ToParent>(
    self,
    ['serve', kind, String(N), ...(pgUrl ? [pgUrl] : [])],
    ['--expose-gc'],
    `${kind} server`,
  );
}

const connect = (url: string, cookie: string | undefined, waitForBadge: boolean): Promise<Socket> =>
  connectClient(url, cookie, waitForBadge ? 'unread_count' : 'connect');

const settle = () => new Promise((r) => setTimeout(r, 500));

interface Figures {
  perConnKb: number;
  heapKb: number;
  connectMs: number;
  /** The same sockets after each has sent one event (answered). */
  activeRssKb: number;
  activeHeapKb: number;
}

async function measure(kind: Kind): Promise<Figures> {
  const pg = ON_POSTGRES && kind === 'ours' ? await freshPostgresDatabase() : undefined;
  try {
    return await measureOn(kind, pg?.url);
  } finally {
    await pg?.drop();
  }
}

async function measureOn(kind: Kind, pgUrl: string | undefined): Promise<Figures> {
  const { child, next } = start(kind, pgUrl);
  const ready = await next('ready');
  const memory = async () => {
    const got = next('memory');
    child.send({ type: 'measure' });
    return got;
  };
  const connectAll = async (from: number, count: number): Promise<Socket[]> => {
    const sockets: Socket[] = [];
    for (let i = from; i < from + count; i += CONCURRENCY) {
      const batch = Array.from({ length: Math.min(CONCURRENCY, from + count - i) }, (_, k) =>
        connect(ready.url, kind === 'ours' ? ready.cookies[i + k] : undefined, kind === 'ours'),
      );
      sockets.push(...(await Promise.all(batch)));
    }
    return sockets;
  };
  // One event each, answered.
  const oneEventEach = async (sockets: Socket[]) => {
    for (let i = 0; i < sockets.length; i += CONCURRENCY) {
      const batch = sockets.slice(i, i + CONCURRENCY);
      await Promise.all(batch.map((s) => s.timeout(10_000).emitWithAck('get_unread')));
    }
  };
  // Warm-up (not measured): the first connections and their first events compile the code paths and
  // fill caches, a cost paid once per process rather than per connection. Its members are not used again.
  // As many events as the measured sockets will send: the embedded database's worker grows its young
  // generation to what such a burst needs once (a fixed cost of the process, up to its semi-space limit),
  // and that growth is not a cost of the sockets measured after.
  const warm = await connectAll(N, WARM_UP);
  for (let sent = 0; sent < N; sent += WARM_UP) await oneEventEach(warm);
  for (const s of warm) s.close();
  await settle();
  const before = await memory();
  const t0 = performance.now();
  const sockets = await connectAll(0, N);
  const connectMs = performance.now() - t0;
  await settle();
  const after = await memory();
  // Then one event each, answered (ours: the unread count from the database; plain: a constant).
  await oneEventEach(sockets);
  await settle();
  const active = await memory();
  for (const s of sockets) s.close();
  child.kill();
  const perConn = (bytes: number) => bytes / N / 1024;
  return {
    perConnKb: perConn(after.rss - before.rss),
    heapKb: perConn(after.heap - before.heap),
    connectMs,
    activeRssKb: perConn(active.rss - before.rss),
    activeHeapKb: perConn(active.heap - before.heap),
  };
}

/** One fd per socket here and one in the child, plus slack; re-run under the hard `ulimit -n` if short. */
function ensureFileLimit(): boolean {
  const need = N + WARM_UP + 500;
  const soft = Number(execFileSync('sh', ['-c', 'ulimit -n']).toString().trim());
  if (Number.isNaN(soft) || soft >= need || process.env.SOCKETS_BENCH_RAISED) return true;
  execFileSync(
    'sh',
    [
      '-c',
      'ulimit -n "$(ulimit -Hn)" && exec "$0" "$@"',
      process.execPath,
      ...process.execArgv,
      self,
      ...process.argv.slice(2),
    ],
    {
      stdio: 'inherit',
      env: { ...process.env, SOCKETS_BENCH_RAISED: '1' },
    },
  );
  return false;
}

/** Each figure's median over the samples (RSS moves in whole pages and allocator arenas: one sample is noisy). */
function medianOf(list: Figures[]): Figures {
  const mid = (pick: (f: Figures) => number) => {
    const sorted = list.map(pick).sort((x, y) => x - y);
    const m = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[m]! : (sorted[m - 1]! + sorted[m]!) / 2;
  };
  return {
    perConnKb: mid((f) => f.perConnKb),
    heapKb: mid((f) => f.heapKb),
    connectMs: mid((f) => f.connectMs),
    activeRssKb: mid((f) => f.activeRssKb),
    activeHeapKb: mid((f) => f.activeHeapKb),
  };
}

async function main(): Promise<void> {
  if (!ensureFileLimit()) return;
  console.log(
    `Idle sockets: ${N} authenticated sockets on our server vs ${N} on plain Socket.IO (same run), ` +
      `${REPEATS} fresh processes of each, taken in turn; the median of each figure`,
  );
  const samples: Record<Kind, Figures[]> = { plain: [], ours: [] };
  for (let i = 0; i < REPEATS; i += 1) {
    for (const kind of ['plain', 'ours'] as const) {
      const f = await measure(kind);
      samples[kind].push(f);
      console.log(
        `  sample ${i + 1} ${kind.padEnd(5)}  RSS/connection ${f.perConnKb.toFixed(1).padStart(6)} KB   ` +
          `connect ${f.connectMs.toFixed(0).padStart(6)} ms   (JS heap/connection ${f.heapKb.toFixed(1)} KB; ` +
          `after one event each: RSS ${f.activeRssKb.toFixed(1)} KB, JS heap ${f.activeHeapKb.toFixed(1)} KB)`,
      );
    }
  }
  const plain = medianOf(samples.plain);
  const ours = medianOf(samples.ours);
  const row = (label: string, r: Figures) =>
    console.log(
      `  ${label.padEnd(16)} RSS/connection ${r.perConnKb.toFixed(1).padStart(6)} KB   ` +
        `connect ${r.connectMs.toFixed(0).padStart(6)} ms   (JS heap/connection ${r.heapKb.toFixed(1)} KB)`,
    );
  row('plain (median)', plain);
  row('ours (median)', ours);
  const rss = ours.perConnKb / plain.perConnKb;
  const time = ours.connectMs / plain.connectMs;
  console.log(
    `  ratio            RSS/connection ${rss.toFixed(2)}x (goal <= 1.3x)   connect time ${time.toFixed(2)}x (goal <= 2x)` +
      `   (JS heap/connection ${(ours.heapKb / plain.heapKb).toFixed(2)}x)`,
  );
  // Issue 39, goal 2: the same sockets once each has sent one event.
  const active = ours.activeRssKb / plain.activeRssKb;
  console.log(
    `  after one event  RSS/connection ours ${ours.activeRssKb.toFixed(1)} KB, plain ` +
      `${plain.activeRssKb.toFixed(1)} KB = ${active.toFixed(2)}x (goal <= 1.3x) ${active <= 1.3 ? 'PASS' : 'FAIL'}` +
      `   (JS heap/connection ours ${ours.activeHeapKb.toFixed(1)} KB, plain ${plain.activeHeapKb.toFixed(1)} KB = ` +
      `${(ours.activeHeapKb / plain.activeHeapKb).toFixed(2)}x)`,
  );
}

if (process.argv[2] === 'serve') {
  await serve(process.argv[3] as Kind);
} else {
  await main();
}
