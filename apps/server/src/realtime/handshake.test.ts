/**
 * Handshakes that arrive together share one session statement (handshake.ts): each must still get
 * exactly its own answer, whatever else was in its round.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Events } from '@sajha/contract';
import type { Db } from '../db/client.js';
import { notifications, sessions } from '../db/schema.js';
import { createSession, SESSION_COOKIE } from '../platform/sessions.js';
import { io as ioClient } from 'socket.io-client';
import {
  ask,
  connectSocket,
  createUser,
  sessionCookie,
  startTestApp,
  type TestApp,
  type TestSocket,
} from '../../test/harness.js';
import { HandshakeErrors } from './guard.js';
import { socketSessionOpener } from './handshake.js';

interface Case {
  label: string;
  token: string;
  /** The member and badge it must be answered with; undefined: refused. */
  expect?: { uid: string; unread: number };
}

async function unreadNotices(db: Db, userId: string, unread: number, read: number): Promise<void> {
  const rows = Array.from({ length: unread + read }, (_, i) => ({
    id: randomUUID(),
    userId,
    type: 'test',
    message: `notice ${i}`,
    readAt: i < read ? new Date() : null,
  }));
  if (rows.length > 0) await db.insert(notifications).values(rows);
}

/** Valid sessions of members with different badges, an expired one, unknown tokens, an unverified member. */
async function mixedCases(db: Db): Promise<Case[]> {
  const cases: Case[] = [];
  for (let i = 0; i < 6; i += 1) {
    const u = await createUser(db);
    await unreadNotices(db, u.id, i, 2);
    const { token } = await createSession(db, u.id, { remember: false });
    cases.push({ label: `valid ${i}`, token, expect: { uid: u.id, unread: i } });
    if (i === 2)
      cases.push({ label: 'valid 2 again (same cookie, same round)', token, expect: { uid: u.id, unread: 2 } });
  }
  const late = await createUser(db);
  await unreadNotices(db, late.id, 3, 0);
  const expired = await createSession(db, late.id, { remember: false });
  await db
    .update(sessions)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(sessions.id, expired.id));
  cases.push({ label: 'expired', token: expired.token });
  cases.push({ label: 'unknown', token: 'not-a-session-token' });
  cases.push({ label: 'unknown 2', token: randomUUID() });
  const pending = await createUser(db, { verified: false });
  cases.push({ label: 'unverified member', token: (await createSession(db, pending.id, { remember: false })).token });
  // Interleaved, so no kind of answer sits only at the start or the end of a round.
  return cases.sort((a, b) => a.token.localeCompare(b.token));
}

describe('handshakes in one round', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('requires sign-in: a round of unknown and expired sessions only admits nobody', async () => {
    const open = socketSessionOpener(t.db);
    const u = await createUser(t.db);
    const gone = await createSession(t.db, u.id, { remember: false });
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(0) })
      .where(eq(sessions.id, gone.id));
    expect(await Promise.all([open('nope'), open(gone.token), open(undefined), open('x'.repeat(500))])).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });

  it('answers each of a round of valid, expired, unknown and unverified sessions with its own member and badge', async () => {
    const cases = await mixedCases(t.db);
    let statements = 0;
    // Counts the statements the opener sends through the real database.
    const counted = new Proxy(t.db, {
      get(target, key, receiver) {
        if (key !== 'execute') return Reflect.get(target, key, receiver) as unknown;
        return (...args: Parameters<Db['execute']>) => {
          statements += 1;
          return target.execute(...args);
        };
      },
    });
    const open = socketSessionOpener(counted);
    const answers = await Promise.all(cases.map((c) => open(c.token)));
    // The first goes alone; every other one was asked while it ran, so they share the next statement.
    expect(statements).toBe(2);
    for (const [i, c] of cases.entries()) {
      const got = answers[i];
      expect({ label: c.label, got: got && { uid: got.user.uid, unread: got.unreadNotifications } }).toEqual({
        label: c.label,
        got: c.expect ?? null,
      });
    }
  });

  it('admits concurrent sockets by their own session, each with its own first unread count', async () => {
    const cases = await mixedCases(t.db);
    const outcomes = await Promise.all(
      cases.map((c) =>
        connectSocket(t.url, `${SESSION_COOKIE}=${c.token}`).then(
          async (s) => {
            const me = await ask<{ uid: string }>(s, Events.getCurrentUser);
            s.close();
            return { uid: me.ok ? me.data.uid : 'no answer', unread: s.initialUnread };
          },
          (err: Error) => err.message,
        ),
      ),
    );
    for (const [i, c] of cases.entries()) {
      expect({ label: c.label, got: outcomes[i] }).toEqual({ label: c.label, got: c.expect ?? 'unauthorized' });
    }
  });
});

describe('a client that leaves during its handshake', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ SOCKETS_PER_MEMBER: '1', SOCKET_HANDSHAKES_PER_ADDRESS_PER_MINUTE: '1000' });
  });
  afterAll(async () => {
    await t.close();
  });

  /** Sends the handshake, then drops the connection at once: the server is still checking the session. */
  async function abandonHandshake(cookie: string): Promise<void> {
    const s = ioClient(t.url, {
      path: '/real',
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      extraHeaders: { cookie },
    });
    // The socket's own open listener (it sends the connect packet) runs before this one.
    await new Promise<void>((resolve) => s.io.once('open', () => resolve()));
    s.io.engine.close();
    s.close();
  }

  /** Connects as soon as the member's one place is free again; every attempt is a real handshake. */
  async function connectWhenFree(cookie: string): Promise<TestSocket> {
    for (let i = 0; ; i += 1) {
      try {
        return await connectSocket(t.url, cookie);
      } catch (err) {
        if (i >= 100 || !String(err).includes(HandshakeErrors.tooManyConnections)) throw err;
      }
    }
  }

  it('does not keep its place against the member’s socket cap', async () => {
    const u = await createUser(t.db);
    const cookie = await sessionCookie(t.db, u.id);
    for (let i = 0; i < 5; i += 1) await abandonHandshake(cookie);
    const s = await connectWhenFree(cookie);
    expect(s.connected).toBe(true);
    s.close();
  });
});
