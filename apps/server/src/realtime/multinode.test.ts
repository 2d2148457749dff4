import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Events, type NotificationDto } from '@sajha/contract';
import { buildApp, type App } from '../app.js';
import { loadConfig } from '../config.js';
import { notify } from '../features/notifications/service.js';
import { connectSocket, createUser, nextEvent, sessionCookie, startTestApp, type TestApp } from '../../test/harness.js';

const REDIS_URL = process.env.REDIS_URL_TEST ?? 'redis://127.0.0.1:6379';

async function redisReachable(): Promise<boolean> {
  const { Redis } = await import('ioredis');
  const r = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await r.connect();
    await r.ping();
    return true;
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}

const available = await redisReachable();

/** Two server nodes on one database, linked by the Socket.IO Redis adapter (REDIS_URL). */
describe.skipIf(!available)('two server nodes linked by Redis', () => {
  let nodeA: TestApp;
  let nodeB: App;
  let urlB: string;

  beforeAll(async () => {
    nodeA = await startTestApp({ REDIS_URL, TRUST_PROXY: 'true' });
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: nodeA.dataDir,
      LOG_LEVEL: 'silent',
      REDIS_URL,
      TRUST_PROXY: 'true',
    });
    nodeB = await buildApp(config, { logger: pino({ level: 'silent' }), database: nodeA.app.deps.database });
    urlB = await nodeB.listen();
  });
  afterAll(async () => {
    await nodeB?.close();
    await nodeA?.close();
  });

  it('requires sign-in on both nodes', async () => {
    await expect(connectSocket(nodeA.url)).rejects.toThrow(/unauthorized/);
    await expect(connectSocket(urlB)).rejects.toThrow(/unauthorized/);
  });

  it('delivers a notification created on node A to the member’s tab on node B', async () => {
    const u = await createUser(nodeA.db);
    const onB = await connectSocket(urlB, await sessionCookie(nodeA.db, u.id));
    const onA = await connectSocket(nodeA.url, await sessionCookie(nodeA.db, u.id));
    const gotB = nextEvent<NotificationDto>(onB, Events.notification);
    const gotA = nextEvent<NotificationDto>(onA, Events.notification);
    await notify(nodeA.app.deps, u.id, { type: 'system', message: 'Across nodes' });
    expect((await gotB).message).toBe('Across nodes');
    expect((await gotA).message).toBe('Across nodes');
    onA.close();
    onB.close();
  });

  it('shares rate limits between nodes', async () => {
    const u = await createUser(nodeA.db);
    // Redis outlives this run: a fresh client address keeps earlier runs' counters out of it.
    const ip = `2001:db8::${Math.floor(Math.random() * 0xffff).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}`; // documentation range, header only
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const url = i % 2 === 0 ? nodeA.url : urlB;
      const res = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ email: u.email, password: `wrong-${i}-pw` }),
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
