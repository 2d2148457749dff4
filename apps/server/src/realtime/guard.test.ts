import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Events, Messages } from '@sajha/contract';
import { sessions } from '../db/schema.js';
import { createSession, SESSION_COOKIE } from '../platform/sessions.js';
import {
  ask,
  connectSocket,
  createUser,
  nextEvent,
  sessionCookie,
  startTestApp,
  type TestApp,
  type TestSocket,
} from '../../test/harness.js';
import { HandshakeErrors } from './guard.js';

/** The client address the guard counts these tests' sockets under. */
const ADDRESS = '127.0.0.1';

/**
 * Resolves once the server has given back the place of a closed socket of `uid` (its release runs after
 * the close reaches the server, asynchronously). Call it before closing the socket.
 */
function placeGivenBack(t: TestApp, uid: string): Promise<void> {
  const presence = t.app.deps.presence;
  const original = presence.remove.bind(presence);
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the closed socket was never released')), 5000);
    presence.remove = async (scope, key) => {
      const wasLast = await original(scope, key);
      if (scope === 'sockets' && key === uid) {
        clearTimeout(timer);
        resolve();
      }
      return wasLast;
    };
  }).finally(() => (presence.remove = original));
}

/** Whether the server still counts open sockets from ADDRESS: `[ADDRESS]` or `[]`. */
const countedAddress = async (t: TestApp) => [...(await t.app.deps.presence.among('sockets-ip', [ADDRESS]))];

describe('socket guard: budgets and caps per member and address', () => {
  let t: TestApp;
  const open: TestSocket[] = [];
  const track = (s: TestSocket) => (open.push(s), s);
  beforeAll(async () => {
    t = await startTestApp({
      SOCKETS_PER_MEMBER: '3',
      SOCKETS_PER_ADDRESS: '8',
      SOCKET_EVENTS_PER_MEMBER_PER_SECOND: '10',
    });
  });
  afterAll(async () => {
    for (const s of open) s.close();
    await t.close();
  });

  it('refuses a member past their event budget across all their sockets, and not anyone else', async () => {
    const flooder = await createUser(t.db);
    const other = await createUser(t.db);
    const cookie = await sessionCookie(t.db, flooder.id);
    // Three sockets, each well inside the per-socket burst (60), together over the member's 50 per 5 s.
    const socks = await Promise.all([1, 2, 3].map(async () => track(await connectSocket(t.url, cookie))));
    const answers = await Promise.all(
      socks.flatMap((s) => Array.from({ length: 30 }, () => ask(s, Events.getCurrentUser))),
    );
    const refused = answers.filter((a) => !a.ok);
    expect(refused.length).toBeGreaterThanOrEqual(90 - 50);
    expect(refused[0]).toEqual({ ok: false, error: Messages.server.rateLimited });
    const bystander = track(await connectSocket(t.url, await sessionCookie(t.db, other.id)));
    expect(await ask(bystander, Events.getCurrentUser)).toMatchObject({ ok: true, data: { uid: other.id } });
    bystander.close();
    for (const s of socks) s.close();
  });

  it('caps open sockets per member with a clear refusal, and frees the place when one closes', async () => {
    const u = await createUser(t.db);
    const cookie = await sessionCookie(t.db, u.id);
    const three = [];
    for (let i = 0; i < 3; i += 1) three.push(track(await connectSocket(t.url, cookie)));
    const refusal = await connectSocket(t.url, cookie).catch((e: Error & { data?: { message: string } }) => e);
    expect(refusal).toBeInstanceOf(Error);
    expect((refusal as Error).message).toBe(HandshakeErrors.tooManyConnections);
    expect((refusal as Error & { data?: { message: string } }).data?.message).toMatch(/Too many open connections/);
    // /realcall sockets count too: the member's cap covers both paths.
    await expect(connectSocket(t.url, cookie, '/realcall')).rejects.toThrow(HandshakeErrors.tooManyConnections);

    const freed = placeGivenBack(t, u.id);
    three[0]!.close();
    await freed;
    const again = track(await connectSocket(t.url, cookie));
    expect(again.connected).toBe(true);
    for (const s of three) s.close();
    again.close();
  });

  it('caps open sockets per address across members', async () => {
    // The earlier tests closed all their sockets; the server gives their places back a moment later.
    await vi.waitFor(async () => expect(await countedAddress(t)).toEqual([]), { timeout: 5000 });
    const people = await Promise.all(Array.from({ length: 9 }, () => createUser(t.db)));
    const cookies = await Promise.all(people.map((p) => sessionCookie(t.db, p.id)));
    const mine: TestSocket[] = [];
    for (let i = 0; i < 8; i += 1) mine.push(track(await connectSocket(t.url, cookies[i])));
    // Counted under the address waited on above (so that wait was for these very places).
    expect(await countedAddress(t)).toEqual([ADDRESS]);
    await expect(connectSocket(t.url, cookies[8])).rejects.toThrow(HandshakeErrors.tooManyConnections);
    for (const s of mine) s.close();
  });
});

describe('socket guard: handshakes per address and session expiry', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ SOCKET_HANDSHAKES_PER_ADDRESS_PER_MINUTE: '4' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('closes a socket when its session expires, and refuses the session afterwards', async () => {
    const u = await createUser(t.db);
    const { token, id } = await createSession(t.db, u.id, { remember: false });
    // The session ends a moment from now: the socket must close without doing anything.
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 300) })
      .where(eq(sessions.id, id));
    const again = await connectSocket(t.url, `${SESSION_COOKIE}=${token}`);
    const reason = await nextEvent<string>(again, 'disconnect', 3000);
    expect(reason).toMatch(/io server disconnect|transport close/);
    await expect(connectSocket(t.url, `${SESSION_COOKIE}=${token}`)).rejects.toThrow(/unauthorized/);
  });

  it('refuses handshakes past the per-address budget (traffic before sign-in)', async () => {
    // This app has spent 2 of its 4 handshakes above; of the next three, the last is over the limit.
    const errors: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      errors.push(
        await connectSocket(t.url).then(
          () => 'connected',
          (e: Error) => e.message,
        ),
      );
    }
    expect(errors).toContain(HandshakeErrors.tooManyHandshakes);
    expect(errors).not.toContain('connected');
  });
});
