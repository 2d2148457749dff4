import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Events } from '@sajha/contract';
import {
  connectSocket,
  createUser,
  nextEvent,
  rawEmit,
  sessionCookie,
  startTestApp,
  type TestApp,
} from '../../test/harness.js';

describe('realtime sockets', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('requires sign-in on both /real and /realcall', async () => {
    await expect(connectSocket(t.url)).rejects.toThrow(/unauthorized/);
    await expect(connectSocket(t.url, undefined, '/realcall')).rejects.toThrow(/unauthorized/);
    await expect(connectSocket(t.url, 'sajha_sid=forged-token')).rejects.toThrow(/unauthorized/);
  });

  it('answers the handshake with the current user', async () => {
    const u = await createUser(t.db, { name: 'Asha Gurung' });
    const s = await connectSocket(t.url, await sessionCookie(t.db, u.id));
    const got = nextEvent(s, Events.currentUser);
    s.emit(Events.getCurrentUser);
    expect(await got).toEqual({ uid: u.id, name: 'Asha Gurung', username: u.username, avatar: null });
    const call = await connectSocket(t.url, await sessionCookie(t.db, u.id), '/realcall');
    expect(call.connected).toBe(true);
    s.close();
    call.close();
  });

  it('answers malformed payloads with error while another client keeps working', async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    const attacker = await connectSocket(t.url, await sessionCookie(t.db, a.id));
    const bystander = await connectSocket(t.url, await sessionCookie(t.db, b.id));

    const junk: unknown[][] = [
      [{ evil: true }],
      ['x'.repeat(10_000)],
      [null, 1, 2, 3],
      [Buffer.from([0, 1, 2])],
      [[[[[[[]]]]]]],
    ];
    for (const args of junk) {
      const err = nextEvent<{ message: string; event: string }>(attacker, Events.error);
      rawEmit(attacker, Events.getCurrentUser, ...args);
      const got = await err;
      expect(got.event).toBe(Events.getCurrentUser);
      expect(got.message).toMatch(/\w/);
    }
    // An acknowledgement is answered with the error too.
    const acked = await new Promise<unknown>((resolve) =>
      (attacker as unknown as { emit(e: string, ...a: unknown[]): void }).emit(Events.getCurrentUser, 42, resolve),
    );
    expect(acked).toMatchObject({ ok: false });

    // Both connections survive and still work.
    expect(attacker.connected).toBe(true);
    const me = nextEvent<{ uid: string }>(bystander, Events.currentUser);
    bystander.emit(Events.getCurrentUser);
    expect((await me).uid).toBe(b.id);
    const again = nextEvent<{ uid: string }>(attacker, Events.currentUser);
    attacker.emit(Events.getCurrentUser);
    expect((await again).uid).toBe(a.id);
    attacker.close();
    bystander.close();
  });

  it('drops a flood from one socket with a rate-limit error, without touching others', async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    const flooder = await connectSocket(t.url, await sessionCookie(t.db, a.id));
    const other = await connectSocket(t.url, await sessionCookie(t.db, b.id));
    const refused = new Promise<string>((resolve) =>
      flooder.on(Events.error, (e) => {
        if (/too many/i.test(e.message)) resolve(e.message);
      }),
    );
    for (let i = 0; i < 300; i++) flooder.emit(Events.getCurrentUser);
    expect(await refused).toMatch(/too many/i);
    const me = nextEvent<{ uid: string }>(other, Events.currentUser);
    other.emit(Events.getCurrentUser);
    expect((await me).uid).toBe(b.id);
    flooder.close();
    other.close();
  });

  it('refuses a handshake from a foreign Origin', async () => {
    const u = await createUser(t.db);
    const { io } = await import('socket.io-client');
    const s = io(t.url, {
      path: '/real',
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { cookie: await sessionCookie(t.db, u.id), origin: 'https://evil.example' },
    });
    const outcome = await new Promise<string>((resolve) => {
      s.once('connect', () => resolve('connected'));
      s.once('connect_error', () => resolve('refused'));
    });
    s.close();
    expect(outcome).toBe('refused');
  });
});
