import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Events } from '@sajha/contract';
import {
  ask,
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

  it('keeps no handler per socket: every socket that has sent events shares one listener per server', async () => {
    const [a, b] = await Promise.all([createUser(t.db), createUser(t.db)]);
    const sa = await connectSocket(t.url, await sessionCookie(t.db, a.id));
    const sb = await connectSocket(t.url, await sessionCookie(t.db, b.id));
    const call = await connectSocket(t.url, await sessionCookie(t.db, a.id), '/realcall');
    // Events of several areas, answered (so the server has handled each before the check).
    for (const s of [sa, sb]) {
      expect(await ask(s, Events.getCurrentUser)).toMatchObject({ ok: true });
      expect(await ask(s, Events.getUnread)).toMatchObject({ ok: true });
      expect(await ask(s, Events.getChats)).toMatchObject({ ok: true });
    }
    expect(await ask(call, Events.leaveRoom, { roomId: '6f1c2a4e-3b5d-4c7e-9f10-2a3b4c5d6e7f' })).toMatchObject({
      ok: false,
    });
    for (const io of [t.app.realtime.main, t.app.realtime.call]) {
      const sockets = [...io.sockets.sockets.values()];
      expect(sockets.length).toBeGreaterThan(0);
      const any = sockets.map((s) => s.listenersAny());
      for (const listeners of any) expect(listeners).toEqual([any[0]![0]]);
      // Only Socket.IO's own 'error' guard and the server's shared 'disconnect' listener: no event of the
      // contract has a listener of its own.
      for (const s of sockets) expect(s.eventNames().sort()).toEqual(['disconnect', 'error']);
      expect(new Set(sockets.map((s) => s.listeners('disconnect')[0])).size).toBe(1);
    }
    for (const s of [sa, sb, call]) s.close();
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
