/**
 * A chat message reaches an away member on the messages badge and by mail/push per preferences, but
 * not in the bell's list; read marks travel live (chat_read) and agree with the stored status.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { DEFAULT_NOTIFICATION_PREFERENCES, Events, type ChatDto, type MessageDto } from '@sajha/contract';
import { notifications } from '../../db/schema.js';
import { setPreferences } from '../notifications/prefs.js';
import {
  connectSocket,
  createUser,
  nextEvent,
  outbox,
  sessionCookie,
  startTestApp,
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
