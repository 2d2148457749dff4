/**
 * Exactly once across a crash: a member sends a stream of messages (several in flight, so they are
 * group-committed together) to a real server process; the process is killed with SIGKILL mid-stream
 * and started again on the same data; the client resends everything not acknowledged, with the same
 * client ids. Every message must then be stored exactly once: none lost, none duplicated, and every
 * acknowledged message kept with the id its ack carried.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Events, type MessageDto } from '@sajha/contract';
import { openDatabase, type Database } from '../../db/client.js';
import { chatMembers, chats, messages, users } from '../../db/schema.js';
import { createSession, SESSION_COOKIE } from '../../platform/sessions.js';
import { ask, connectSocket, freshPostgresDatabase, usePostgres, type TestSocket } from '../../../test/harness.js';
import { freePort } from '../../../test/cluster.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

// The runner's DATABASE_URL (set for the PostgreSQL project) must not turn the PGlite run into a PostgreSQL one.
const { DATABASE_URL: _runnerDatabase, ...inherited } = process.env;

/** Starts `src/main.ts` in its own process; resolves with its URL once it says it is listening. */
async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...inherited, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited early (${code})`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.includes('is running')) resolve({ child, url });
    });
  });
}

describe('chat under kill -9', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
  });

  it('stores every message exactly once when the server is killed mid-stream and restarted', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sajha-crash-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const pgDb = usePostgres() ? await freshPostgresDatabase() : undefined;
    if (pgDb) cleanups.push(() => pgDb.drop());
    const env = {
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web'),
      // 120 sends as fast as acks come back: more than a person's event budget, which is not under test.
      SOCKET_EVENTS_PER_MEMBER_PER_SECOND: '10000',
      ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    };

    // Two members and their direct chat, written before the server owns the data folder.
    const open = (): Promise<Database> =>
      openDatabase({ databaseUrl: pgDb?.url, pgliteDir: pgDb ? undefined : path.join(dataDir, 'pglite') });
    let database = await open();
    const [a, b, chatId] = [randomUUID(), randomUUID(), randomUUID()];
    await database.db.insert(users).values(
      [a, b].map((id, i) => ({
        id,
        name: `Crash ${i}`,
        username: `crash_${i}_${id.slice(0, 6)}`,
        email: `${id}@crash.test`,
        emailVerifiedAt: new Date(),
      })),
    );
    await database.db
      .insert(chats)
      .values({ id: chatId, kind: 'direct', directKey: [a, b].sort().join(':'), createdBy: a });
    await database.db.insert(chatMembers).values([a, b].map((userId) => ({ chatId, userId })));
    const cookie = `${SESSION_COOKIE}=${(await createSession(database.db, a, { remember: true })).token}`;
    await database.close();

    const total = 120;
    const killAfter = 40;
    const acked = new Map<string, string>(); // client id -> stored message id
    const ids = Array.from({ length: total }, (_, i) => `crash-${i}`);

    let server = await startServer(env);
    cleanups.push(() => Promise.resolve(server.child.kill('SIGKILL')));
    let socket: TestSocket = await connectSocket(server.url, cookie);
    // Several sends in flight at once, the way a reconnecting outbox sends them.
    let crashed = false;
    const killed = new Promise<void>((resolve) => {
      let next = 0;
      const stream = async () => {
        while (next < total && !crashed) {
          const id = ids[next++]!;
          const answer = await ask<MessageDto>(socket, Events.sendMessage, { id, message: id, to_cid: chatId });
          if (!answer.ok) continue;
          acked.set(id, answer.data.id);
          if (acked.size === killAfter) {
            crashed = true;
            server.child.kill('SIGKILL');
            resolve();
          }
        }
      };
      for (let i = 0; i < 8; i += 1) void stream().catch(() => undefined);
    });
    await killed;
    await new Promise((resolve) => server.child.once('exit', resolve));
    socket.close();
    const ackedBeforeCrash = new Map(acked);

    // Restarted on the same data, the client resends everything it has no ack for, same ids.
    server = await startServer(env);
    socket = await connectSocket(server.url, cookie);
    for (const id of ids) {
      if (acked.has(id)) continue;
      const answer = await ask<MessageDto>(socket, Events.sendMessage, { id, message: id, to_cid: chatId });
      if (!answer.ok) throw new Error(answer.error);
      acked.set(id, answer.data.id);
    }
    socket.close();
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));

    database = await open();
    cleanups.push(() => database.close());
    const stored = await database.db
      .select({ id: messages.id, clientId: messages.clientId })
      .from(messages)
      .where(and(eq(messages.chatId, chatId), eq(messages.senderId, a)));
    expect(stored.map((m) => m.clientId).sort()).toEqual([...ids].sort()); // none lost, none twice
    const byClientId = new Map(stored.map((m) => [m.clientId, m.id]));
    for (const [id, mid] of ackedBeforeCrash) expect(byClientId.get(id)).toBe(mid); // acks were durable
    for (const [id, mid] of acked) expect(byClientId.get(id)).toBe(mid);
  }, 180_000);
});
