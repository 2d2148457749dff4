import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CallTexts, Events, Messages, type IncomingCall, type NotificationDto } from '@sajha/contract';
import { blocks, calls, chatMembers, messages } from '../../db/schema.js';
import {
  connectSocket,
  createUser,
  nextEvent,
  rawEmit,
  sessionCookie,
  startTestApp,
  type TestApp,
  type TestSocket,
  type TestUser,
  ask,
  ok,
  collect,
} from '../../../test/harness.js';
import { turnCredential } from './ice.js';
import pino from 'pino';
import { randomUUID } from 'node:crypto';
import { buildApp } from '../../app.js';

const SECRET = 'test-turn-secret-0123456789';

describe('calls', () => {
  let t: TestApp;
  const open: TestSocket[] = [];
  const sock = async (u: TestUser, path: '/real' | '/realcall'): Promise<TestSocket> => {
    const s = await connectSocket(t.url, await sessionCookie(t.db, u.id), path);
    open.push(s);
    return s;
  };
  const member = (name: string) => createUser(t.db, { name });
  const candidate = (roomId: string, n = 0) => ({
    roomId,
    candidate: { candidate: `candidate:${n} 1 udp 2122260223 192.0.2.1 5${n} typ host`, sdpMid: '0', sdpMLineIndex: 0 },
  });
  const historyOf = async (a: TestUser, b: TestUser) => {
    const rows = await t.db
      .select({ content: messages.content, chatId: messages.chatId })
      .from(messages)
      .innerJoin(chatMembers, and(eq(chatMembers.chatId, messages.chatId), eq(chatMembers.userId, b.id)))
      .where(eq(messages.senderId, a.id));
    return rows.map((r) => r.content);
  };

  beforeAll(async () => {
    t = await startTestApp({
      CALL_RING_TIMEOUT_S: '1',
      CALL_DROP_GRACE_S: '1',
      STUN_URLS: 'stun:stun.example.test:3478',
      TURN_URLS: 'turn:turn.example.test:3478?transport=udp,turn:turn.example.test:3478?transport=tcp',
      TURN_SECRET: SECRET,
      TURN_TTL_S: '600',
    });
  });
  afterAll(async () => {
    for (const s of open) s.close();
    await t?.close();
  });

  it('requires sign-in: no ICE servers and no call socket without a session', async () => {
    const res = await fetch(`${t.url}/api/calls/ice-servers`);
    expect(res.status).toBe(401);
    await expect(connectSocket(t.url, undefined, '/realcall')).rejects.toThrow(/unauthorized/);
  });

  it('hands out coturn REST credentials that expire after TURN_TTL_S, never the secret', async () => {
    const a = await member('Ice Asha');
    const before = Math.floor(Date.now() / 1000);
    const res = await fetch(`${t.url}/api/calls/ice-servers`, { headers: { cookie: await sessionCookie(t.db, a.id) } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    expect(text).not.toContain(SECRET);
    const body = JSON.parse(text) as { iceServers: { urls: string[]; username?: string; credential?: string }[] };
    expect((body as unknown as { iceTransportPolicy: string }).iceTransportPolicy).toBe('all');
    expect(body.iceServers[0]).toEqual({ urls: ['stun:stun.example.test:3478'] });
    const turn = body.iceServers[1]!;
    expect(turn.urls).toHaveLength(2);
    const [expiry, uid] = turn.username!.split(':');
    expect(uid).toBe(a.id);
    expect(Number(expiry) - before).toBeGreaterThanOrEqual(600);
    expect(Number(expiry) - before).toBeLessThanOrEqual(602);
    expect(turn.credential).toBe(turnCredential(SECRET, turn.username!));
  });

  it('rings every tab of the callee, relays signalling only inside the room, and a third member stays out', async () => {
    const [a, b, c] = await Promise.all([member('Asha'), member('Bikash'), member('Chandra')]);
    const [aCall, bMain1, bMain2, bCall, cCall] = await Promise.all([
      sock(a, '/realcall'),
      sock(b, '/real'),
      sock(b, '/real'),
      sock(b, '/realcall'),
      sock(c, '/realcall'),
    ]);
    const rings = [
      nextEvent<IncomingCall>(bMain1, Events.incomingCall),
      nextEvent<IncomingCall>(bMain2, Events.incomingCall),
    ];
    const created = await ok<{ roomId: string; peer: unknown }>(ask(aCall, Events.createRoom, { userUid: b.id }));
    const { roomId } = created;
    expect(created.peer).toEqual({ uid: b.id, name: 'Bikash', avatar: null });
    for (const r of await Promise.all(rings)) {
      expect(r).toEqual({ roomId, caller: { uid: a.id, name: 'Asha', avatar: null } });
    }
    const [row] = await t.db.select().from(calls).where(eq(calls.id, roomId));
    expect(row?.state).toBe('ringing');
    expect(row!.ringDeadline.getTime() - row!.startedAt.getTime()).toBeGreaterThanOrEqual(900);

    // A third member cannot join, nor push anything into the room.
    const cJoin = await ask(cCall, Events.joinRoom, { roomId });
    expect(cJoin).toEqual({ ok: false, error: CallTexts.notMember });
    const cReject = await ask(bMain1, Events.rejectCall, { roomId: '00000000-0000-4000-8000-000000000000' });
    expect(cReject).toEqual({ ok: false, error: CallTexts.notFound });

    const accepted = nextEvent(aCall, Events.callAccepted);
    const joinedNote = nextEvent(aCall, Events.userJoined);
    const calleeA = nextEvent(aCall, Events.callee);
    const calleeB = nextEvent(bCall, Events.callee);
    const dismissed = nextEvent(bMain2, Events.incomingEnded);
    expect(await ok(ask(bCall, Events.joinRoom, { roomId, userUid: a.id }))).toEqual({
      roomId,
      state: 'active',
      role: 'callee',
      peer: { uid: a.id, name: 'Asha', avatar: null },
    });
    expect(await accepted).toEqual({ roomId });
    expect(await joinedNote).toEqual({ userUid: b.id });
    expect(await calleeA).toEqual({ callee: { name: 'Bikash', avatar: null } });
    expect(await calleeB).toEqual({ callee: { name: 'Bikash', avatar: null } });
    expect(await dismissed).toEqual({ roomId });

    const seenByB = collect<{ sdp?: unknown }>(bCall, Events.offer);
    const seenByA = collect(aCall, Events.answer);
    const candidatesAtA = collect(aCall, Events.iceCandidate);
    for (const [event, payload] of [
      [Events.offer, { roomId, offer: { type: 'offer', sdp: 'v=0 intruder' } }],
      [Events.answer, { roomId, answer: { type: 'answer', sdp: 'v=0 intruder' } }],
      [Events.iceCandidate, candidate(roomId, 9)],
      [Events.toggleVideo, { roomId, isOn: false }],
    ] as const) {
      expect(await ask(cCall, event, payload)).toEqual({ ok: false, error: CallTexts.notMember });
    }

    const offerAtB = nextEvent(bCall, Events.offer);
    await ok(ask(aCall, Events.offer, { roomId, offer: { type: 'offer', sdp: 'v=0 from-a' } }));
    expect(await offerAtB).toEqual({ roomId, offer: { type: 'offer', sdp: 'v=0 from-a' } });
    const answerAtA = nextEvent(aCall, Events.answer);
    await ok(ask(bCall, Events.answer, { roomId, answer: { type: 'answer', sdp: 'v=0 from-b' } }));
    expect(await answerAtA).toEqual({ roomId, answer: { type: 'answer', sdp: 'v=0 from-b' } });
    const candAtA = nextEvent(aCall, Events.iceCandidate);
    await ok(ask(bCall, Events.iceCandidate, candidate(roomId, 1)));
    expect(await candAtA).toEqual(candidate(roomId, 1));
    const toggleAtB = nextEvent(bCall, Events.toggleAudio);
    await ok(ask(aCall, Events.toggleAudio, { roomId, isOn: false }));
    expect(await toggleAtB).toEqual({ userUid: a.id, isOn: false });
    // Only the members' own messages arrived: none of the intruder's.
    expect(seenByB).toHaveLength(1);
    expect(seenByA).toHaveLength(1);
    expect(candidatesAtA).toHaveLength(1);

    // A hangs up: B sees the other user leave and the call end; the chat keeps a line for both.
    const left = nextEvent(bCall, Events.userLeft);
    const ended = nextEvent(bCall, Events.callEnded);
    await ok(ask(aCall, Events.leaveRoom, { roomId }));
    expect(await left).toEqual({ userUid: a.id });
    expect(await ended).toEqual({});
    const [done] = await t.db.select().from(calls).where(eq(calls.id, roomId));
    expect(done).toMatchObject({ state: 'ended', endReason: 'hangup' });
    expect(await historyOf(a, b)).toEqual([expect.stringMatching(/^Video call, \d+ s$/)]);
    // Nothing relays into an ended room.
    expect(await ask(bCall, Events.offer, { roomId, offer: { type: 'offer', sdp: 'late' } })).toEqual({
      ok: false,
      error: CallTexts.notMember,
    });
  });

  it('a declined call ends for the caller with "Call declined"; a cancelled one stops the ringing', async () => {
    const [a, b, c] = await Promise.all([member('Decl A'), member('Decl B'), member('Decl C')]);
    const [aCall, bMain, bMain2, cMain] = await Promise.all([
      sock(a, '/realcall'),
      sock(b, '/real'),
      sock(b, '/real'),
      sock(c, '/real'),
    ]);
    const ring = nextEvent<IncomingCall>(bMain, Events.incomingCall);
    const { roomId } = await ok<{ roomId: string }>(ask(aCall, Events.createRoom, { userUid: b.id }));
    await ring;
    expect(await ask(cMain, Events.rejectCall, { roomId })).toEqual({ ok: false, error: CallTexts.notMember });
    const ended = nextEvent(aCall, Events.callEnded);
    const otherTab = nextEvent(bMain2, Events.incomingEnded);
    await ok(ask(bMain, Events.rejectCall, { roomId }));
    expect(await ended).toEqual({ title: CallTexts.declined });
    expect(await otherTab).toEqual({ roomId });

    const ring2 = nextEvent<IncomingCall>(bMain, Events.incomingCall);
    const second = await ok<{ roomId: string }>(ask(aCall, Events.createRoom, { userUid: b.id }));
    await ring2;
    const stop = nextEvent(bMain, Events.incomingEnded);
    await ok(ask(aCall, Events.leaveRoom, { roomId: second.roomId }));
    expect(await stop).toEqual({ roomId: second.roomId });
    expect(await historyOf(a, b)).toEqual([CallTexts.historyDeclined, CallTexts.historyMissed]);
  });

  it('nobody answers: "No answer" for the caller, a missed-call notification for the callee', async () => {
    const [a, b] = await Promise.all([member('Ring A'), member('Ring B')]);
    const [aCall, bMain] = await Promise.all([sock(a, '/realcall'), sock(b, '/real')]);
    const ring = nextEvent<IncomingCall>(bMain, Events.incomingCall);
    const { roomId } = await ok<{ roomId: string }>(ask(aCall, Events.createRoom, { userUid: b.id }));
    await ring;
    const notes = collect<NotificationDto>(bMain, Events.notification);
    const ended = nextEvent(aCall, Events.callEnded, 5000);
    const stop = nextEvent(bMain, Events.incomingEnded, 5000);
    expect(await ended).toEqual({ title: CallTexts.noAnswer });
    expect(await stop).toEqual({ roomId });
    await expect.poll(() => notes.map((n) => n.message)).toContain(CallTexts.missedFrom('Ring A'));
    const [row] = await t.db.select().from(calls).where(eq(calls.id, roomId));
    expect(row).toMatchObject({ state: 'ended', endReason: 'no-answer' });
    expect(await historyOf(a, b)).toEqual([CallTexts.historyMissed]);
  });

  it('after a reconnect a member rejoins the active call with a new socket and signals again', async () => {
    const [a, b] = await Promise.all([member('Re A'), member('Re B')]);
    const [aCall, bCall] = await Promise.all([sock(a, '/realcall'), sock(b, '/realcall')]);
    const { roomId } = await ok<{ roomId: string }>(ask(aCall, Events.createRoom, { userUid: b.id }));
    await ok(ask(bCall, Events.joinRoom, { roomId }));
    aCall.close();
    const aAgain = await sock(a, '/realcall');
    const back = nextEvent(bCall, Events.userJoined);
    expect(await ok(ask(aAgain, Events.joinRoom, { roomId }))).toMatchObject({ state: 'active', role: 'caller' });
    expect(await back).toEqual({ userUid: a.id });
    const offer = nextEvent(bCall, Events.offer);
    await ok(ask(aAgain, Events.offer, { roomId, offer: { type: 'offer', sdp: 'v=0 restart' } }));
    expect(await offer).toMatchObject({ offer: { sdp: 'v=0 restart' } });
    const [row] = await t.db.select().from(calls).where(eq(calls.id, roomId));
    expect(row?.state).toBe('active');
    await ok(ask(aAgain, Events.leaveRoom, { roomId }));
  });

  it('a callee whose page closes while its join_room is answered is dropped after the grace, not kept in the call', async () => {
    const [a, b] = await Promise.all([member('Gone A'), member('Gone B')]);
    const [aCall, bCall] = await Promise.all([sock(a, '/realcall'), sock(b, '/realcall')]);
    const { roomId } = await ok<{ roomId: string }>(ask(aCall, Events.createRoom, { userUid: b.id }));
    const ended = nextEvent(aCall, Events.callEnded, 10_000);
    // B answers and the page is gone in the same breath: the answer and the close reach the server
    // together, and the close is handled while the answer awaits the database.
    bCall.emit(Events.joinRoom, { roomId }, () => undefined);
    bCall.close();
    await ended;
    const [row] = await t.db.select().from(calls).where(eq(calls.id, roomId));
    expect(row).toMatchObject({ state: 'ended', endReason: 'dropped' });
  });

  it('a callee already in a call is "Busy"', async () => {
    const [a, b, c] = await Promise.all([member('Busy A'), member('Busy B'), member('Busy C')]);
    const [aCall, bCall, cCall] = await Promise.all([sock(a, '/realcall'), sock(b, '/realcall'), sock(c, '/realcall')]);
    const { roomId } = await ok<{ roomId: string }>(ask(aCall, Events.createRoom, { userUid: b.id }));
    await ok(ask(bCall, Events.joinRoom, { roomId }));
    const ended = nextEvent(cCall, Events.callEnded);
    const busy = await ok<{ roomId: string }>(ask(cCall, Events.createRoom, { userUid: b.id }));
    expect(busy.roomId).not.toBe(roomId);
    expect(await ended).toEqual({ title: CallTexts.busy });
    await ok(ask(aCall, Events.leaveRoom, { roomId }));
  });

  it('a blocked member cannot call the blocker (nor the other way round)', async () => {
    const [a, b] = await Promise.all([member('Blocked A'), member('Blocker B')]);
    await t.db.insert(blocks).values({ blockerId: b.id, blockedId: a.id });
    const [aCall, bCall, bMain] = await Promise.all([sock(a, '/realcall'), sock(b, '/realcall'), sock(b, '/real')]);
    const rings = collect(bMain, Events.incomingCall);
    expect(await ask(aCall, Events.createRoom, { userUid: b.id })).toEqual({ ok: false, error: CallTexts.blocked });
    expect(await ask(bCall, Events.createRoom, { userUid: a.id })).toEqual({ ok: false, error: CallTexts.blocked });
    // A ring would go to B's /real socket before A's refusal: B asks there now, and its answer comes after it.
    await ok(ask(bMain, Events.getUnread));
    expect(rings).toHaveLength(0);
    expect(await t.db.select().from(calls).where(eq(calls.callerId, a.id))).toHaveLength(0);
  });

  it('refuses payloads over the limits and a flood of candidates', async () => {
    const [a, b] = await Promise.all([member('Limit A'), member('Limit B')]);
    const [aCall, bCall] = await Promise.all([sock(a, '/realcall'), sock(b, '/realcall')]);
    const { roomId } = await ok<{ roomId: string }>(ask(aCall, Events.createRoom, { userUid: b.id }));
    await ok(ask(bCall, Events.joinRoom, { roomId }));
    const offers = collect(bCall, Events.offer);
    const big = await ask(aCall, Events.offer, { roomId, offer: { type: 'offer', sdp: 'x'.repeat(100_001) } });
    expect(big).toEqual({ ok: false, error: expect.stringMatching(/100000/) as string });
    const longCandidate = candidate(roomId);
    longCandidate.candidate.candidate = 'c'.repeat(2001);
    expect(await ask(aCall, Events.iceCandidate, longCandidate)).toEqual({
      ok: false,
      error: expect.stringMatching(/2000/) as string,
    });
    expect(
      await ask(aCall, Events.offer, { roomId: 'x'.repeat(65), offer: { type: 'offer', sdp: 'v=0' } }),
    ).toMatchObject({ ok: false });

    const atB = collect(bCall, Events.iceCandidate);
    const answers = await Promise.all(
      Array.from({ length: 55 }, (_, i) => ask(aCall, Events.iceCandidate, candidate(roomId, i))),
    );
    const refused = answers.filter((x) => !x.ok);
    expect(refused.length).toBeGreaterThanOrEqual(10);
    expect(refused[0]).toEqual({ ok: false, error: Messages.server.rateLimited });
    // A barrier: a toggle sent after the flood arrives after every relayed candidate.
    const barrier = nextEvent(bCall, Events.toggleVideo);
    rawEmit(aCall, Events.toggleVideo, { roomId, isOn: true });
    await barrier;
    expect(atB.length).toBe(answers.length - refused.length);
    expect(atB.length).toBeLessThanOrEqual(45);
    expect(offers).toHaveLength(0);
    // The flood spent this socket's general budget too; leaving is best effort (these members call no more).
    rawEmit(aCall, Events.leaveRoom, { roomId });
  });

  it('ring spam: 20 rapid ring-and-hang-up cycles ring the callee at most 3 times and leave one history line', async () => {
    const [a, b] = await Promise.all([member('Spam A'), member('Spam B')]);
    const [aCall, bMain] = await Promise.all([sock(a, '/realcall'), sock(b, '/real')]);
    const prompts = collect<IncomingCall>(bMain, Events.incomingCall);
    const lines = collect<{ content: string }>(bMain, Events.receiveMessage);
    const folded = collect<{ content: string }>(bMain, Events.messageUpdated);
    const answers = [];
    for (let i = 0; i < 20; i++) {
      const created = await ask<{ roomId: string }>(aCall, Events.createRoom, { userUid: b.id });
      answers.push(created);
      if (created.ok) await ok(ask(aCall, Events.leaveRoom, { roomId: created.data.roomId }));
    }
    expect(answers.filter((x) => x.ok)).toHaveLength(3);
    expect(answers.filter((x) => !x.ok)).toEqual(Array(17).fill({ ok: false, error: CallTexts.tooManyCalls }));
    // Anything emitted to B before is in before the answer to B's own question.
    await ok(ask(bMain, Events.getUnread));
    expect(prompts).toHaveLength(3);
    // Missed calls in a row from one caller fold into one line, updated live in B's open chat.
    expect(await historyOf(a, b)).toEqual([CallTexts.historyMissedMany(3)]);
    await expect.poll(() => folded.at(-1)?.content).toBe(CallTexts.historyMissedMany(3));
    expect(lines).toHaveLength(1);

    // The limit is per caller and per pair: another member still gets through to B.
    const c = await member('Spam C');
    const cCall = await sock(c, '/realcall');
    const fromC = await ok(ask<{ roomId: string }>(cCall, Events.createRoom, { userUid: b.id }));
    await ok(ask(cCall, Events.leaveRoom, { roomId: fromC.roomId }));
    expect(await historyOf(c, b)).toEqual([CallTexts.historyMissed]);
  });

  it('a history line folds only missed calls in a row: a declined call starts a new line', async () => {
    const [a, b] = await Promise.all([member('Fold A'), member('Fold B')]);
    const [aCall, bMain] = await Promise.all([sock(a, '/realcall'), sock(b, '/real')]);
    const ring = async () => {
      const rung = nextEvent<IncomingCall>(bMain, Events.incomingCall);
      const { roomId } = await ok(ask<{ roomId: string }>(aCall, Events.createRoom, { userUid: b.id }));
      await rung;
      return roomId;
    };
    await ok(ask(aCall, Events.leaveRoom, { roomId: await ring() }));
    await ok(ask(bMain, Events.rejectCall, { roomId: await ring() }));
    await ok(ask(aCall, Events.leaveRoom, { roomId: await ring() }));
    await expect
      .poll(() => historyOf(a, b))
      .toEqual([CallTexts.historyMissed, CallTexts.historyDeclined, CallTexts.historyMissed]);
  });

  it('refuses an ICE candidate with an oversized media id or a nonsense line index; the peer never sees it', async () => {
    const [a, b] = await Promise.all([member('Mid A'), member('Mid B')]);
    const [aCall, bCall] = await Promise.all([sock(a, '/realcall'), sock(b, '/realcall')]);
    const { roomId } = await ok<{ roomId: string }>(ask(aCall, Events.createRoom, { userUid: b.id }));
    await ok(ask(bCall, Events.joinRoom, { roomId }));
    const atB = collect(bCall, Events.iceCandidate);
    const longMid = candidate(roomId);
    longMid.candidate.sdpMid = 'm'.repeat(65);
    expect(await ask(aCall, Events.iceCandidate, longMid)).toEqual({ ok: false, error: CallTexts.sdpMidTooLong });
    for (const index of [1e9, -1, 0.5]) {
      const bad = candidate(roomId);
      bad.candidate.sdpMLineIndex = index;
      expect(await ask(aCall, Events.iceCandidate, bad)).toEqual({ ok: false, error: CallTexts.sdpMLineIndexInvalid });
    }
    // The limits still let a real candidate through (64 characters, the top index).
    const fine = candidate(roomId);
    fine.candidate.sdpMid = 'm'.repeat(64);
    fine.candidate.sdpMLineIndex = 1023;
    await ok(ask(aCall, Events.iceCandidate, fine));
    const barrier = nextEvent(bCall, Events.toggleVideo);
    rawEmit(aCall, Events.toggleVideo, { roomId, isOn: true });
    await barrier;
    expect(atB).toEqual([fine]);
    await ok(ask(aCall, Events.leaveRoom, { roomId }));
  });

  it('after a restart, an overdue ring still ends with "No answer" and a call nobody returns to ends as dropped', async () => {
    const [a, b, c, d] = await Promise.all([member('Old A'), member('Old B'), member('Old C'), member('Old D')]);
    const past = new Date(Date.now() - 5000);
    const ringing = randomUUID();
    const active = randomUUID();
    await t.db.insert(calls).values([
      { id: ringing, callerId: a.id, calleeId: b.id, state: 'ringing', startedAt: past, ringDeadline: past },
      {
        id: active,
        callerId: c.id,
        calleeId: d.id,
        state: 'active',
        startedAt: past,
        ringDeadline: past,
        answeredAt: past,
      },
    ]);
    // A second server on the same database: nothing in its memory knows these calls.
    const restarted = await buildApp(t.config, { database: t.app.deps.database, logger: pino({ level: 'silent' }) });
    try {
      const stateOf = async (id: string) => (await t.db.select().from(calls).where(eq(calls.id, id)))[0];
      await expect
        .poll(() => stateOf(ringing), { timeout: 8000 })
        .toMatchObject({ state: 'ended', endReason: 'no-answer' });
      await expect
        .poll(() => stateOf(active), { timeout: 8000 })
        .toMatchObject({ state: 'ended', endReason: 'dropped' });
      // The history line is written just after the state changes: wait for it rather than race it.
      await expect.poll(() => historyOf(a, b), { timeout: 8000 }).toEqual([CallTexts.historyMissed]);
      await expect
        .poll(() => historyOf(c, d), { timeout: 8000 })
        .toEqual([expect.stringMatching(/^Video call, /) as string]);
    } finally {
      await restarted.close();
    }
  });
});
