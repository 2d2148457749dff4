/**
 * The socket guard across two nodes linked by Redis: a member's event budget and socket cap are one
 * budget and one cap whichever node their sockets reach (PostgreSQL project, REDIS_URL_TEST set).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Events, Messages } from '@sajha/contract';
import { buildApp, type App } from '../app.js';
import { loadConfig } from '../config.js';
import {
  ask,
  connectSocket,
  createUser,
  freshPostgresDatabase,
  sessionCookie,
  usePostgres,
} from '../../test/harness.js';
import { HandshakeErrors } from './guard.js';

const REDIS_URL = process.env.REDIS_URL_TEST;

interface Node {
  app: App;
  url: string;
  dataDir: string;
}

async function startNode(databaseUrl: string): Promise<Node> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sajha-guard-'));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    REDIS_URL: REDIS_URL!,
    SOCKETS_PER_MEMBER: '2',
    // The shared Redis may count other test runs' sockets from 127.0.0.1: the address cap is not tested here.
    SOCKETS_PER_ADDRESS: '100000',
    SOCKET_EVENTS_PER_MEMBER_PER_SECOND: '10',
  });
  const app = await buildApp(config, { logger: pino({ level: 'silent' }) });
  return { app, url: await app.listen(), dataDir };
}

describe.runIf(Boolean(REDIS_URL) && usePostgres())('socket guard across two nodes', () => {
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

  it('caps a member’s sockets across nodes', async () => {
    const u = await createUser(a.app.deps.db);
    const cookie = await sessionCookie(a.app.deps.db, u.id);
    const onA = await connectSocket(a.url, cookie);
    const onB = await connectSocket(b.url, cookie);
    await expect(connectSocket(a.url, cookie)).rejects.toThrow(HandshakeErrors.tooManyConnections);
    await expect(connectSocket(b.url, cookie)).rejects.toThrow(HandshakeErrors.tooManyConnections);
    onA.close();
    onB.close();
  });

  it('shares one event budget between a member’s sockets on both nodes', async () => {
    const u = await createUser(a.app.deps.db);
    const cookie = await sessionCookie(a.app.deps.db, u.id);
    const onA = await connectSocket(a.url, cookie);
    const onB = await connectSocket(b.url, cookie);
    // 35 from each node: each node alone is inside the member's 50 per 5 s, together they are not.
    const answers = await Promise.all(
      [onA, onB].flatMap((s) => Array.from({ length: 35 }, () => ask(s, Events.getCurrentUser))),
    );
    const refused = answers.filter((x) => !x.ok);
    expect(refused.length).toBeGreaterThanOrEqual(70 - 50);
    expect(refused[0]).toEqual({ ok: false, error: Messages.server.rateLimited });
    onA.close();
    onB.close();
  });
});
