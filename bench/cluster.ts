/**
 * Two-node chat throughput: the same server code as two node processes on one PostgreSQL database,
 * linked by a private redis-server, beside one node of the same cluster measured in the same run.
 *
 *   one node:  P pairs, both members on node A.
 *   two nodes: 2P pairs, one member on A and one on B (every delivery crosses Redis), so each node
 *              carries as many clients as the one node did.
 *
 * Every client sends M messages, closed loop (the next after the ack, at least 40 ms apart: under the
 * per-socket flood budget). Printed as ratios: per-node throughput of the two-node run over the one-node
 * figure (goal >= 0.6), and delivered / sent across nodes (goal 1.0). Needs PostgreSQL:
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/cluster.ts [pairs] [messages]
 */
import { performance } from 'node:perf_hooks';
import { io as ioClient, type Socket } from 'socket.io-client';
import { Events } from '@sajha/contract';
import { openDatabase } from '../apps/server/src/db/client.js';
import { createUser, freshPostgresDatabase, sessionCookie } from '../apps/server/test/harness.js';
import { freePort, startNode, startRedis, until, type NodeProcess } from '../apps/server/test/cluster.js';

const PAIRS = Number(process.argv[2] ?? 20);
const PER_CLIENT = Number(process.argv[3] ?? 40);
const MIN_GAP_MS = 40;

type Answer = { ok: true; data: unknown } | { ok: false; error: string };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function connect(url: string, cookie: string): Promise<Socket> {
  const s = ioClient(url, { path: '/real', transports: ['websocket'], forceNew: true, extraHeaders: { cookie } });
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
}

const pg = await freshPostgresDatabase();
const database = await openDatabase({ databaseUrl: pg.url });
const redis = await startRedis();
const env = { DATABASE_URL: pg.url, REDIS_URL: redis.url, LOG_LEVEL: 'error' };
const nodes: NodeProcess[] = [];

async function member(): Promise<{ cookie: string; username: string }> {
  const u = await createUser(database.db);
  return { cookie: await sessionCookie(database.db, u.id), username: u.username };
}

/** Runs `pairs` chats, the first member of each on `left`, the second on `right`; msgs/s and delivery. */
async function run(pairs: number, left: NodeProcess, right: NodeProcess) {
  const sockets: Socket[] = [];
  const senders: { socket: Socket; chatId: string }[] = [];
  let delivered = 0;
  for (let i = 0; i < pairs; i++) {
    const [x, y] = [await member(), await member()];
    const sx = await connect(left.url, x.cookie);
    const sy = await connect(right.url, y.cookie);
    sockets.push(sx, sy);
    const started = (await sx.emitWithAck(Events.startChat, { username: y.username })) as Answer;
    if (!started.ok) throw new Error(started.error);
    const chatId = (started.data as { id: string }).id;
    for (const s of [sx, sy]) {
      s.on(Events.receiveMessage, () => delivered++);
      senders.push({ socket: s, chatId });
    }
  }
  const sent = senders.length * PER_CLIENT;
  const t0 = performance.now();
  await Promise.all(
    senders.map(async ({ socket, chatId }) => {
      for (let i = 0; i < PER_CLIENT; i++) {
        const began = performance.now();
        const a = (await socket.emitWithAck(Events.sendMessage, { message: `m${i}`, to_cid: chatId })) as Answer;
        if (!a.ok) throw new Error(a.error);
        const left = MIN_GAP_MS - (performance.now() - began);
        if (left > 0) await sleep(left);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  await until(() => delivered >= sent, 'deliveries', 15_000).catch(() => undefined);
  for (const s of sockets) s.close();
  return { sent, delivered, perSecond: sent / seconds };
}

try {
  const [pa, pb] = [await freePort(), await freePort()];
  nodes.push(await startNode('a', pa, env), await startNode('b', pb, env));
  const [a, b] = nodes as [NodeProcess, NodeProcess];
  const one = await run(PAIRS, a, a);
  const two = await run(2 * PAIRS, a, b);
  const perNode = two.perSecond / 2;
  console.log(`pairs per node ${PAIRS}, messages per client ${PER_CLIENT}`);
  console.log(`one node:  ${one.perSecond.toFixed(0)} msg/s (delivered ${one.delivered}/${one.sent})`);
  console.log(`two nodes: ${two.perSecond.toFixed(0)} msg/s, ${perNode.toFixed(0)} per node`);
  console.log(`per-node throughput / one node: ${(perNode / one.perSecond).toFixed(2)}x (goal >= 0.6)`);
  console.log(`cluster throughput / one node:  ${(two.perSecond / one.perSecond).toFixed(2)}x (goal >= 1.2)`);
  console.log(`cross-node delivery ratio:      ${(two.delivered / two.sent).toFixed(3)} (goal 1.0)`);
} finally {
  await Promise.allSettled(nodes.map((n) => n.terminate()));
  await redis.stop();
  await database.close();
  await pg.drop();
}
