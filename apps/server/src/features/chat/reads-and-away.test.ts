/**
 * A chat message reaches an away member on the messages badge and by mail/push per preferences, but
 * not in the bell's list; read marks travel live (chat_read) and agree with the stored status.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { DEFAULT_NOTIFICATION_PREFERENCES, Events, type ChatDto, type MessageDto } from '@sajha/contract';
import { openDatabase } from '../../db/client.js';
import { chatMembers, notifications } from '../../db/schema.js';
import { setPreferences } from '../notifications/prefs.js';
import { PendingReads } from './reads.js';
import {
  connectSocket,
  createUser,
  nextEvent,
  outbox,
  sessionCookie,
  startTestApp,
  usePostgres,
  type TestApp,
  type TestSocket,
  type TestUser,
  ask,
  ok,
} from '../../../test/harness.js';

/** The data of an accepted answer (a refusal fails the test). */
const send = <T>(socket: TestSocket, event: string, ...args: unknown[]): Promise<T> =>
  ok(ask<T>(socket, event, ...args));

describe('chat messages for away members, and read marks', () => {
  let t: TestApp;
  let a: TestUser, b: TestUser;
  let sa: TestSocket, sb: TestSocket;
  let chatId: string;

  beforeAll(async () => {
    t = await startTestApp();
    a = await createUser(t.db, { name: 'Asha Gurung' });
    b = await createUser(t.db, { name: 'Bikash Thapa' });
    await setPreferences(t.db, b.id, {
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      email: { ...DEFAULT_NOTIFICATION_PREFERENCES.email, message: true },
    });
    sa = await connectSocket(t.url, await sessionCookie(t.db, a.id));
    sb = await connectSocket(t.url, await sessionCookie(t.db, b.id));
    chatId = (await send<ChatDto>(sa, Events.startChat, { to_uid: b.id })).id;
  });
  afterAll(async () => {
    sa?.close();
    sb?.close();
    await t?.close();
  });

  it('requires sign-in', async () => {
    await expect(connectSocket(t.url)).rejects.toThrow(/unauthorized/);
  });

  it('counts on the messages badge and mails per preference, without a bell notification', async () => {
    const unread = nextEvent<number>(sb, Events.unreadMessageCount);
    await send<MessageDto>(sa, Events.sendMessage, { id: 'c-1', message: 'Namaste!', to_cid: chatId });
    expect(await unread).toBe(1);
    await expect.poll(async () => (await outbox(t.dataDir)).filter((m) => m.to.includes(b.email)).length).toBe(1);
    const [row] = await t.db.select({ n: count() }).from(notifications).where(eq(notifications.userId, b.id));
    expect(row?.n).toBe(0);
  });

  it('tells the sender live when the other member reads, and the stored status agrees', async () => {
    const read = nextEvent<{ chatId: string; upTo: string }>(sa, Events.chatRead);
    await send(sb, Events.joinChat, chatId);
    const mark = await read;
    expect(mark.chatId).toBe(chatId);
    const page = await send<MessageDto[]>(sa, Events.getMessages, chatId);
    const mine = page.find((m) => m.content === 'Namaste!')!;
    expect(mine.status).toBe('read');
    expect(Date.parse(mine.timestamp)).toBeLessThanOrEqual(Date.parse(mark.upTo));
  });
});

describe('read marks when a node shuts down', () => {
  it('writes the marks still gathering before the database closes', async () => {
    // A window far longer than the test: the mark can reach the database only through the shutdown.
    const t = await startTestApp({}, (c) => {
      c.inMemoryDb = false;
      c.readMarkDelayMs = 60_000;
    });
    try {
      const a = await createUser(t.db, { name: 'Asha Gurung' });
      const b = await createUser(t.db, { name: 'Bikash Thapa' });
      const sa = await connectSocket(t.url, await sessionCookie(t.db, a.id));
      const sb = await connectSocket(t.url, await sessionCookie(t.db, b.id));
      const chatId = (await send<ChatDto>(sa, Events.startChat, { to_uid: b.id })).id;
      await send(sb, Events.joinChat, chatId);
      // Bikash is looking at the chat: the message is read as it reaches him (noted before it is sent).
      const arrived = nextEvent<MessageDto>(sb, Events.receiveMessage);
      const sent = await send<MessageDto>(sa, Events.sendMessage, {
        message: 'Just before the restart',
        to_cid: chatId,
      });
      await arrived;
      await t.app.close();
      sa.close();
      sb.close();

      // Read what the closed node left behind, through a connection of our own.
      const database = await openDatabase(
        usePostgres() ? { databaseUrl: t.config.databaseUrl } : { pgliteDir: path.join(t.dataDir, 'pglite') },
      );
      try {
        const [row] = await database.db
          .select({ lastReadAt: chatMembers.lastReadAt })
          .from(chatMembers)
          .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, b.id)));
        expect(row!.lastReadAt.getTime()).toBeGreaterThanOrEqual(Date.parse(sent.timestamp));
      } finally {
        await database.close();
      }
    } finally {
      await t.close();
    }
  });
});

describe('read marks in a lively chat', () => {
  let t: TestApp;
  let a: TestUser, b: TestUser, c: TestUser;
  let direct: string, other: string;
  const told: { chatId: string; readerIds: string[] }[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    a = await createUser(t.db, { name: 'Asha Gurung' });
    b = await createUser(t.db, { name: 'Bikash Thapa' });
    c = await createUser(t.db, { name: 'Chandra Rai' });
    const sa = await connectSocket(t.url, await sessionCookie(t.db, a.id));
    direct = (await send<ChatDto>(sa, Events.startChat, { to_uid: b.id })).id;
    other = (await send<ChatDto>(sa, Events.startChat, { to_uid: c.id })).id;
    sa.close();
    t.app.deps.bus.subscribe('chat.read', ({ chatId, readerIds }) => void told.push({ chatId, readerIds }));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('tells the first read at once, then at most one per second for the same member and chat', async () => {
    let now = 1_000_000;
    // Its own clock; the app's real timers are a minute away, so only the calls below write anything.
    const reads = new PendingReads({ ...t.app.deps, config: { ...t.config, readMarkDelayMs: 60_000 } }, () => now);
    // Marks later than anything the chat holds already (its members' reads start at its creation).
    const base = Math.ceil(Date.now() / 1000) * 1000 + 60_000;
    const at = (s: number) => new Date(base + s * 1000).toISOString();

    reads.mark(direct, [b.id], at(1));
    await reads.flushDue();
    expect(told).toEqual([{ chatId: direct, readerIds: [b.id] }]);

    // 300 ms later two more messages are read: they wait for the end of the second.
    now += 300;
    reads.mark(direct, [b.id], at(2));
    reads.mark(direct, [b.id], at(3));
    // Another chat's first read is not held by this one.
    reads.mark(other, [c.id], at(3));
    await reads.flushDue();
    expect(told.slice(1)).toEqual([{ chatId: other, readerIds: [c.id] }]);

    now += 700;
    await reads.flushDue();
    // One write, one tell, for both messages: the stored mark is the later one.
    expect(told.slice(2)).toEqual([{ chatId: direct, readerIds: [b.id] }]);
    const [row] = await t.db
      .select({ lastReadAt: chatMembers.lastReadAt })
      .from(chatMembers)
      .where(and(eq(chatMembers.chatId, direct), eq(chatMembers.userId, b.id)));
    expect(row!.lastReadAt.toISOString()).toBe(at(3));

    // Anything that reads read state flushes what waits, lively or not.
    now += 100;
    reads.mark(direct, [b.id], at(4));
    await reads.flush();
    expect(told).toHaveLength(4);
  });
});
