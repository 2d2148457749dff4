/**
 * Two plain Socket.IO servers on one Redis stream (the Redis streams adapter, as the app uses it),
 * both broadcasting to one room at once: each server's own socket gets every broadcast, in the
 * stream's order, so the offset it would resume from never skips one. PostgreSQL project (where
 * REDIS_URL_TEST is set for the multi-node tests), though no database is used.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Server } from 'socket.io';
import { io as ioClient, type Socket } from 'socket.io-client';
import { Redis } from 'ioredis';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { inStreamOrderOf, readsOwnStream } from './streamOrder.js';
import { until } from '../../test/cluster.js';
import { usePostgres } from '../../test/harness.js';

const REDIS_URL = process.env.REDIS_URL_TEST;
const PER_NODE = 3000;

interface Node {
  io: Server;
  http: HttpServer;
  redis: Redis;
  url: string;
}

/** "1700000000000-3" as [ms, seq], compared in that order. */
const streamId = (offset: string) => offset.split('-').map(BigInt) as [bigint, bigint];
const before = (x: string, y: string) => {
  const [a, b] = [streamId(x), streamId(y)];
  return a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
};

describe.runIf(Boolean(REDIS_URL) && usePostgres())('a node hands its sockets broadcasts in the stream’s order', () => {
  const stream = `sajha-test-order-${randomUUID()}`;
  const nodes: Node[] = [];
  const clients: Socket[] = [];

  const startNode = async (): Promise<Node> => {
    const redis = new Redis(REDIS_URL!);
    const http = createServer();
    const io = new Server(http, { connectionStateRecovery: { maxDisconnectionDuration: 60_000 } });
    const adapterOf = createAdapter(redis, { streamName: stream, channelPrefix: stream });
    io.adapter(inStreamOrderOf(adapterOf));
    io.on('connection', (socket) => void socket.join('room'));
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    return { io, http, redis, url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` };
  };

  beforeAll(async () => {
    nodes.push(await startNode(), await startNode());
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    for (const n of nodes) {
      await n.io.close();
      n.redis.disconnect();
    }
    const redis = new Redis(REDIS_URL!);
    await redis.del(stream);
    redis.disconnect();
  });

  it('gets every broadcast of both nodes once, with offsets only rising, while both send at once', async () => {
    const got = nodes.map(() => [] as { n: string; offset: string }[]);
    for (const [i, node] of nodes.entries()) {
      const client = ioClient(node.url, { transports: ['websocket'], forceNew: true });
      clients.push(client);
      client.on('m', (n: string, offset: string) => n !== 'warm-up' && got[i]!.push({ n, offset }));
      await new Promise<void>((r) => client.once('connect', () => r()));
    }
    // Each node's reader reads back a message of its own (a heartbeat or a first broadcast) first;
    // until then a node delivers its broadcasts the adapter's way.
    // A warm-up sent before a reader's first XREAD is not read back by it: send one every half second
    // until both have read one of theirs.
    let lastWarmUp = 0;
    await until(
      () => {
        if (nodes.every((n) => readsOwnStream(n.io.of('/').adapter))) return true;
        if (Date.now() - lastWarmUp > 500) {
          lastWarmUp = Date.now();
          for (const node of nodes) node.io.to('room').emit('m', 'warm-up');
        }
        return false;
      },
      'both nodes to read their own stream',
      30_000,
    );

    // Both nodes broadcast in bursts at once, so each node's own entries and the other's interleave.
    const send = async (node: Node, name: string) => {
      for (let i = 0; i < PER_NODE; i++) {
        node.io.to('room').emit('m', `${name}-${i}`);
        if (i % 50 === 49) await new Promise((r) => setImmediate(r));
      }
    };
    await Promise.all([send(nodes[0]!, 'a'), send(nodes[1]!, 'b')]);
    await until(() => got.every((g) => g.length >= 2 * PER_NODE), 'every broadcast at both sockets', 30_000);

    for (const g of got) {
      expect(new Set(g.map((m) => m.n)).size).toBe(2 * PER_NODE);
      const outOfOrder = g.filter((m, i) => i > 0 && !before(g[i - 1]!.offset, m.offset));
      expect(outOfOrder).toEqual([]);
    }
  }, 60_000);
});
