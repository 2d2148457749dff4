/**
 * Two server nodes, each with its own data dir and its own connection pool to one PostgreSQL database,
 * linked by Redis (REDIS_URL): what one node does reaches members connected to the other. PGlite is a
 * single-process database, so this runs in the PostgreSQL project; when CI sets REDIS_URL_TEST and Redis
 * is down, it fails rather than skipping.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Events, type NotificationDto } from '@sajha/contract';
import { buildApp, type App } from '../app.js';
import { loadConfig } from '../config.js';
import { notify } from '../features/notifications/service.js';
import { deleteSession } from '../platform/sessions.js';
import {
  ask,
  connectSocket,
  createUser,
  freshPostgresDatabase,
  nextEvent,
  ok,
  sessionCookie,
  usePostgres,
} from '../../test/harness.js';

const REDIS_URL = process.env.REDIS_URL_TEST;

interface Node {
  app: App;
  url: string;
  dataDir: string;
}

async function startNode(databaseUrl: string): Promise<Node> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sajha-node-'));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    REDIS_URL: REDIS_URL!,
    TRUST_PROXY: 'true',
  });
  const app = await buildApp(config, { logger: pino({ level: 'silent' }) });
  return { app, url: await app.listen(), dataDir };
}

describe.runIf(Boolean(REDIS_URL) && usePostgres())('two server nodes linked by Redis', () => {
  let a: Node;
  let b: Node;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const pg = await freshPostgresDatabase();
    drop = () => pg.drop();
    a = await startNode(pg.url);
    b = await startNode(pg.url);
  });
  afterAll(async () => {
    for (const n of [b, a]) {
      await n?.app.close();
      if (n) await rm(n.dataDir, { recursive: true, force: true });
    }
    await drop?.();
  });

  it('requires sign-in on both nodes', async () => {
    await expect(connectSocket(a.url)).rejects.toThrow(/unauthorized/);
    await expect(connectSocket(b.url)).rejects.toThrow(/unauthorized/);
  });

  it('delivers a notification created on node A to the member’s tabs on both nodes', async () => {
    const u = await createUser(a.app.deps.db);
    const onB = await connectSocket(b.url, await sessionCookie(a.app.deps.db, u.id));
    const onA = await connectSocket(a.url, await sessionCookie(a.app.deps.db, u.id));
    const gotB = nextEvent<NotificationDto>(onB, Events.notification);
    const gotA = nextEvent<NotificationDto>(onA, Events.notification);
    await notify(a.app.deps, u.id, { type: 'system', message: 'Across nodes' });
    expect((await gotB).message).toBe('Across nodes');
    expect((await gotA).message).toBe('Across nodes');
    onA.close();
    onB.close();
  });

  it('carries chat messages, typing and presence between members on different nodes', async () => {
    const db = a.app.deps.db;
    const ram = await createUser(db, { name: 'Ram Node' });
    const sita = await createUser(db, { name: 'Sita Node' });
    const ramA = await connectSocket(a.url, await sessionCookie(db, ram.id));
    let sitaB = await connectSocket(b.url, await sessionCookie(db, sita.id));

    const started = await new Promise<{ ok: boolean; data: { id: string } }>((resolve) =>
      ramA.emit(Events.startChat, { username: sita.username }, resolve as never),
    );
    const chatId = started.data.id;
    const ack = <T>(socket: typeof ramA, event: string, ...args: unknown[]) =>
      new Promise<T>((resolve) =>
        (socket as unknown as { emit(e: string, ...a: unknown[]): void }).emit(event, ...args, resolve),
      );
    await ack(sitaB, Events.joinChat, chatId);

    const received = nextEvent<{ message: string }>(sitaB, Events.receiveMessage);
    await ack(ramA, Events.sendMessage, { message: 'Namaste from node A', to_cid: chatId });
    expect((await received).message).toBe('Namaste from node A');

    await ack(ramA, Events.joinChat, chatId);
    const typing = nextEvent<string>(sitaB, Events.typingName);
    ramA.emit(Events.typing, chatId, ram.name);
    expect(await typing).toBe(ram.name);

    // Sita wrote in the chat too, so Ram (on node A) sees her leave and come back (on node B).
    await ack(sitaB, Events.sendMessage, { message: 'Hello from B', to_cid: chatId });
    const offline = nextEvent<{ uid: string; online: boolean }>(ramA, Events.presence);
    sitaB.close();
    expect(await offline).toEqual({ uid: sita.id, online: false });
    const online = nextEvent<{ uid: string; online: boolean }>(ramA, Events.presence);
    sitaB = await connectSocket(b.url, await sessionCookie(db, sita.id));
    expect(await online).toEqual({ uid: sita.id, online: true });
    ramA.close();
    sitaB.close();
  });

  it('closes a signed-out session’s sockets on both nodes and both paths, and no other session’s', async () => {
    const db = a.app.deps.db;
    const u = await createUser(db);
    const [ended, kept] = [await sessionCookie(db, u.id), await sessionCookie(db, u.id)];
    const endedSockets = await Promise.all([
      connectSocket(a.url, ended),
      connectSocket(a.url, ended, '/realcall'),
      connectSocket(b.url, ended),
      connectSocket(b.url, ended, '/realcall'),
    ]);
    const keptSockets = await Promise.all([connectSocket(a.url, kept), connectSocket(b.url, kept)]);
    const closed = endedSockets.map(
      (s, i) =>
        new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`ended socket ${i} is still open`)), 5000);
          s.once('disconnect', () => {
            clearTimeout(timer);
            resolve();
          });
        }),
    );
    await deleteSession(a.app.deps, ended.slice(ended.indexOf('=') + 1));
    await Promise.all(closed);
    // The other session's sockets, on both nodes, are still connected and served.
    for (const s of keptSockets) {
      expect(s.connected).toBe(true);
      expect((await ok(ask<{ uid: string }>(s, Events.getCurrentUser))).uid).toBe(u.id);
      s.close();
    }
  });

  it('shares rate limits between nodes', async () => {
    const u = await createUser(a.app.deps.db);
    // Redis outlives this run: a fresh client address keeps earlier runs' counters out of it.
    const ip = `2001:db8::${Math.floor(Math.random() * 0xffff).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}`; // documentation range, header only
    const statuses: number[] = [];
    // Five failures of one (account, address) pair are free; the sixth starts a back-off that the
    // other node must honour at once (auth/routes.ts).
    for (let i = 0; i < 7; i++) {
      const url = i % 2 === 0 ? a.url : b.url;
      const res = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ email: u.email, password: `wrong-${i}-pw` }),
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(statuses[6]).toBe(429);
  });
});
