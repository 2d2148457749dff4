import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import {
  Events,
  LIMITS,
  Messages,
  type ChatDto,
  type EditHistory,
  type MessageDto,
  type SentMessage,
} from '@sajha/contract';
import { messageHides, messages } from '../../db/schema.js';
import { viewersAmong } from './presence.js';
import {
  connectSocket,
  createUser,
  nextEvent,
  sessionCookie,
  startTestApp,
  type TestApp,
  type TestSocket,
  type TestUser,
  ask,
  ok,
  collect,
} from '../../../test/harness.js';

describe('chat over /real', () => {
  let t: TestApp;
  let a: TestUser, b: TestUser, c: TestUser;
  let sa: TestSocket, sb: TestSocket, sc: TestSocket;
  let chatId: string;

  beforeAll(async () => {
    t = await startTestApp();
    a = await createUser(t.db, { name: 'Asha Gurung' });
    b = await createUser(t.db, { name: 'Bikash Thapa' });
    c = await createUser(t.db, { name: 'Chandra Rai' });
    const sockets = await Promise.all(
      [a, b, c].map(async (u) => connectSocket(t.url, await sessionCookie(t.db, u.id))),
    );
    [sa, sb, sc] = sockets as [TestSocket, TestSocket, TestSocket];
  });
  afterAll(async () => {
    for (const s of [sa, sb, sc]) s?.close();
    await t?.close();
  });

  it('requires sign-in', async () => {
    await expect(connectSocket(t.url)).rejects.toThrow(/unauthorized/);
    const res = await fetch(`${t.url}/api/chat/files/00000000-0000-4000-8000-000000000000`);
    expect(res.status).toBe(401);
  });

  it('starts a direct chat by username and reuses it, never duplicating', async () => {
    const started = nextEvent<ChatDto[]>(sa, Events.chatStarted);
    const first = await ok<ChatDto>(ask(sa, Events.startChat, { username: `@${b.username.toUpperCase()}` }));
    expect((await started)[0]?.id).toBe(first.id);
    expect(first.sender).toMatchObject({ uid: b.id, name: 'Bikash Thapa', type: 'direct', online: true });
    const again = await ok<ChatDto>(ask(sa, Events.startChat, { to_uid: b.id }));
    const fromB = await ok<ChatDto>(ask(sb, Events.startChat, { to_uid: a.id }));
    expect(again.id).toBe(first.id);
    expect(fromB.id).toBe(first.id);
    chatId = first.id;
    expect(await ask(sa, Events.startChat, { to_uid: a.id })).toEqual({ ok: false, error: Messages.chat.selfChat });
  });

  it('delivers a message live, badges the reader who is away, and clears it on reading', async () => {
    const received = nextEvent<MessageDto & { message: string; chatId: string }>(sb, Events.receiveMessage);
    const toast = nextEvent<{ name: string; message: string }>(sb, Events.newMessage);
    const unm = nextEvent<number>(sb, Events.unreadMessageCount);
    const echo = collect(sa, Events.receiveMessage);
    const sent = await ok<SentMessage>(
      ask(sa, Events.sendMessage, { id: 'c-1', message: 'Namaste Bikash!', to_cid: chatId }),
    );
    // The sender's ack holds only what it did not know; the rest of the stored message is what it sent.
    expect(Object.keys(sent).sort()).toEqual(['chatId', 'clientId', 'id', 'timestamp']);
    expect(sent).toMatchObject({ clientId: 'c-1', chatId });
    expect(await received).toMatchObject({
      id: sent.id,
      timestamp: sent.timestamp,
      message: 'Namaste Bikash!',
      chatId,
      sender: { uid: a.id },
    });
    expect(await toast).toEqual({ name: 'Asha Gurung', message: 'Namaste Bikash!', avatar: null });
    expect(await unm).toBe(1);
    // A copy for the sending tab would have gone out before the answer to this later question on it.
    await ok(ask(sa, Events.getUnread));
    expect(echo).toHaveLength(0); // the sending tab has its ack, not a copy

    const list = await ok<ChatDto[]>(ask(sb, Events.getChats));
    expect(list[0]).toMatchObject({ id: chatId, unread: 1, sender: { uid: a.id, online: true } });
    expect(list[0]?.messages[0]?.content).toBe('Namaste Bikash!');

    const cleared = nextEvent<number>(sb, Events.unreadMessageCount);
    const page = await ok<MessageDto[]>(ask(sb, Events.getMessages, chatId));
    expect(page.map((m) => m.content)).toEqual(['Namaste Bikash!']);
    expect(await cleared).toBe(0);
    expect((await ok<ChatDto[]>(ask(sb, Events.getChats)))[0]?.unread).toBe(0);
  });

  it('stores a resent message id once, and answers the resend with the stored message as it is now', async () => {
    const one = await ok<SentMessage>(ask(sa, Events.sendMessage, { id: 'c-2', message: 'once', to_cid: chatId }));
    await ok(ask(sb, Events.reactMessage, { id: one.id, reaction: '👍' }));
    const two = await ok<MessageDto>(ask(sa, Events.sendMessage, { id: 'c-2', message: 'once', to_cid: chatId }));
    expect(two).toMatchObject({
      id: one.id,
      timestamp: one.timestamp,
      content: 'once',
      clientId: 'c-2',
      sender: { uid: a.id },
      reactions: [{ reaction: '👍', username: b.username }],
    });
    const [row] = await t.db
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.senderId, a.id), eq(messages.clientId, 'c-2')));
    expect(row?.n).toBe(1);
  });

  it('stores texts that array literals must escape exactly, sent at once', async () => {
    // The writer sends a batch's columns as arrays: quotes, backslashes, braces, commas, the word NULL,
    // newlines and emoji must come back as written, and a message without a client id is stored too.
    const texts = ['He said "hi"', 'back\\slash \\"', '{braces,commas}', 'NULL', 'line one\nline two', "it's नमस्ते 🙏"];
    const sent = await Promise.all([
      ...texts.map((message, i) =>
        ok<SentMessage>(ask(sa, Events.sendMessage, { id: `esc-${i}`, message, to_cid: chatId })),
      ),
      ok<SentMessage>(ask(sa, Events.sendMessage, { message: 'no client id', to_cid: chatId })),
    ]);
    const written = [...texts, 'no client id'];
    const stored = await t.db
      .select({ id: messages.id, content: messages.content, clientId: messages.clientId })
      .from(messages)
      .where(eq(messages.chatId, chatId));
    const byId = new Map(stored.map((r) => [r.id, r]));
    for (const [i, m] of sent.entries()) {
      expect(byId.get(m.id)).toEqual({ id: m.id, content: written[i], clientId: i < texts.length ? `esc-${i}` : null });
    }
  });

  it('refuses a non-member every chat event', async () => {
    const [target] = await ok<MessageDto[]>(ask(sa, Events.getMessages, chatId, { limit: 1 }));
    const mid = target!.id;
    const refused = { ok: false, error: Messages.chat.notMember };
    expect(await ask(sc, Events.getMessages, chatId)).toEqual(refused);
    expect(await ask(sc, Events.sendMessage, { message: 'let me in', to_cid: chatId })).toEqual(refused);
    expect(await ask(sc, Events.reactMessage, { id: mid, reaction: '😂' })).toEqual(refused);
    expect(await ask(sc, Events.pinMessage, { mid })).toEqual(refused);
    expect(await ask(sc, Events.unpinMessage, { mid })).toEqual(refused);
    expect(await ask(sc, Events.deleteMessage, { mid })).toEqual(refused);
    expect(await ask(sc, Events.joinChat, chatId)).toEqual(refused);
    expect(await ask(sc, Events.typing, chatId, 'Chandra')).toEqual(refused);
    // Ids are UUIDs by contract: anything else is refused before any handler runs.
    expect(await ask(sc, Events.getMessages, 'not-a-uuid')).toEqual({
      ok: false,
      error: 'This item is not available.',
    });
    // Nothing leaked into the chat, and C's list does not show it.
    expect(await ok<ChatDto[]>(ask(sc, Events.getChats))).toEqual([]);
    const page = await ok<MessageDto[]>(ask(sa, Events.getMessages, chatId));
    expect(page.map((m) => m.content)).not.toContain('let me in');
  });

  it('shows typing to viewers only, and reactions, pins and deletes on the other side', async () => {
    await ok(ask(sb, Events.joinChat, chatId));
    const typing = nextEvent<string>(sb, Events.typingName);
    sa.emit(Events.typing, chatId, 'ignored');
    expect(await typing).toBe('Asha Gurung'); // the server's name, not the client's claim

    const mine = await ok<MessageDto>(ask(sb, Events.sendMessage, { id: 'b-1', message: 'Ramro cha', to_cid: chatId }));
    const updated = nextEvent<MessageDto>(sb, Events.messageUpdated);
    await ok(ask(sa, Events.reactMessage, { id: mine.id, reaction: '👍' }));
    expect((await updated).reactions).toEqual([{ reaction: '👍', username: a.username }]);
    const replaced = nextEvent<MessageDto>(sb, Events.messageUpdated);
    await ok(ask(sa, Events.reactMessage, { id: mine.id, reaction: '😂' }));
    expect((await replaced).reactions).toEqual([{ reaction: '😂', username: a.username }]); // one per member

    const pinned = nextEvent<MessageDto>(sb, Events.messageUpdated);
    await ok(ask(sa, Events.pinMessage, { mid: mine.id }));
    expect(await pinned).toMatchObject({ id: mine.id, pinned: true });
    expect((await ok<ChatDto[]>(ask(sb, Events.getChats)))[0]?.pinned?.id).toBe(mine.id);
    const unpinned = nextEvent<MessageDto>(sa, Events.messageUpdated);
    await ok(ask(sb, Events.unpinMessage, { mid: mine.id }));
    expect(await unpinned).toMatchObject({ id: mine.id, pinned: false });

    // Only the sender deletes; then it is gone for both.
    expect(await ask(sa, Events.deleteMessage, { mid: mine.id })).toEqual({
      ok: false,
      error: Messages.chat.notSender,
    });
    const gone = nextEvent<{ mid: string; chatId: string }>(sa, Events.messageDeleted);
    await ok(ask(sb, Events.deleteMessage, { mid: mine.id }));
    expect(await gone).toEqual({ mid: mine.id, chatId });
    const page = await ok<MessageDto[]>(ask(sa, Events.getMessages, chatId));
    expect(page.map((m) => m.id)).not.toContain(mine.id);
  });

  it('deletes for me: only my own tabs drop it, and it leaves my history, chat list, pin and search; the others keep it', async () => {
    const a2 = await connectSocket(t.url, await sessionCookie(t.db, a.id));
    try {
      const theirs = await ok<MessageDto>(
        ask(sb, Events.sendMessage, { id: 'b-hide', message: 'Momo party saturday', to_cid: chatId }),
      );
      await ok(ask(sa, Events.pinMessage, { mid: theirs.id }));
      const inMyOtherTab = nextEvent<{ mid: string; chatId: string }>(a2, Events.messageDeleted);
      const toB = collect(sb, Events.messageDeleted);
      // Anyone in the chat may delete any message for themselves (not only their own).
      expect(await ok(ask(sa, Events.deleteMessage, { mid: theirs.id, scope: 'me' }))).toEqual({
        mid: theirs.id,
        chatId,
        scope: 'me',
      });
      expect(await inMyOtherTab).toEqual({ mid: theirs.id, chatId });
      // Hiding twice is fine.
      await ok(ask(sa, Events.deleteMessage, { mid: theirs.id, scope: 'me' }));

      const mine = (await ok<MessageDto[]>(ask(sa, Events.getMessages, chatId))).map((m) => m.id);
      expect(mine).not.toContain(theirs.id);
      const myChat = (await ok<ChatDto[]>(ask(sa, Events.getChats))).find((x) => x.id === chatId);
      expect(myChat?.messages[0]?.id).not.toBe(theirs.id);
      expect(myChat?.pinned?.id).not.toBe(theirs.id);
      const found = await fetch(`${t.url}/api/search?q=momo&type=messages`, {
        headers: { cookie: await sessionCookie(t.db, a.id) },
      });
      expect(JSON.stringify(await found.json())).not.toContain(theirs.id);

      // B, who sent it, still has it everywhere, and was told nothing.
      expect((await ok<MessageDto[]>(ask(sb, Events.getMessages, chatId))).map((m) => m.id)).toContain(theirs.id);
      const bChat = (await ok<ChatDto[]>(ask(sb, Events.getChats))).find((x) => x.id === chatId);
      expect(bChat?.messages[0]?.id).toBe(theirs.id);
      expect(bChat?.pinned?.id).toBe(theirs.id);
      await ok(ask(sb, Events.getUnread));
      expect(toB).toEqual([]);

      // Someone else's message is still not theirs to delete for everyone, and C (not in the chat) may not hide it.
      expect(await ask(sa, Events.deleteMessage, { mid: theirs.id, scope: 'everyone' })).toEqual({
        ok: false,
        error: Messages.chat.notSender,
      });
      expect(await ask(sc, Events.deleteMessage, { mid: theirs.id, scope: 'me' })).toMatchObject({ ok: false });
      const [{ n } = { n: -1 }] = await t.db
        .select({ n: count() })
        .from(messageHides)
        .where(eq(messageHides.messageId, theirs.id));
      expect(n).toBe(1);

      // When B then deletes it for everyone, A's hide goes with it.
      await ok(ask(sb, Events.deleteMessage, { mid: theirs.id }));
      const [{ left } = { left: -1 }] = await t.db
        .select({ left: count() })
        .from(messageHides)
        .where(eq(messageHides.messageId, theirs.id));
      expect(left).toBe(0);
    } finally {
      a2.close();
    }
  });

  it('edits: only the sender, within a day; every viewer sees the new text and "edited", and the history keeps each version', async () => {
    await ok(ask(sa, Events.joinChat, chatId));
    const sent = await ok<SentMessage>(
      ask(sb, Events.sendMessage, { id: 'b-edit', message: 'Dal bhat at 5', to_cid: chatId }),
    );
    const seen = nextEvent<MessageDto>(sa, Events.messageUpdated);
    const first = await ok<MessageDto>(ask(sb, Events.editMessage, { mid: sent.id, message: 'Pizza at 6' }));
    expect(first).toMatchObject({ id: sent.id, content: 'Pizza at 6' });
    expect(Date.parse(first.editedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(sent.timestamp));
    expect(await seen).toMatchObject({ id: sent.id, content: 'Pizza at 6', editedAt: first.editedAt });
    const second = await ok<MessageDto>(ask(sb, Events.editMessage, { mid: sent.id, message: 'Pizza at 7' }));
    // The same text again changes nothing (no new version).
    await ok(ask(sb, Events.editMessage, { mid: sent.id, message: 'Pizza at 7' }));

    // Anyone in the chat reads every version, newest first, each with when it was written.
    const history = await ok<EditHistory>(ask(sa, Events.messageHistory, { mid: sent.id }));
    expect(history.versions).toEqual([
      { content: 'Pizza at 7', at: second.editedAt },
      { content: 'Pizza at 6', at: first.editedAt },
      { content: 'Dal bhat at 5', at: sent.timestamp },
    ]);
    // History, the chat list and search follow the new text at once.
    const page = await ok<MessageDto[]>(ask(sa, Events.getMessages, chatId));
    expect(page.find((m) => m.id === sent.id)).toMatchObject({ content: 'Pizza at 7', editedAt: second.editedAt });
    const aChat = (await ok<ChatDto[]>(ask(sa, Events.getChats))).find((x) => x.id === chatId);
    expect(aChat?.messages[0]).toMatchObject({ id: sent.id, content: 'Pizza at 7' });
    const search = async (q: string) =>
      JSON.stringify(
        await (
          await fetch(`${t.url}/api/search?q=${q}&type=messages`, {
            headers: { cookie: await sessionCookie(t.db, a.id) },
          })
        ).json(),
      );
    expect(await search('pizza')).toContain(sent.id);
    expect(await search('bhat')).not.toContain(sent.id);

    // Not A's to edit; not C's to read; not empty; not after a day.
    expect(await ask(sa, Events.editMessage, { mid: sent.id, message: 'A was here' })).toEqual({
      ok: false,
      error: Messages.chat.notSender,
    });
    expect(await ask(sc, Events.messageHistory, { mid: sent.id })).toMatchObject({ ok: false });
    expect(await ask(sb, Events.editMessage, { mid: sent.id, message: '   ' })).toMatchObject({ ok: false });
    await t.db
      .update(messages)
      .set({ createdAt: new Date(Date.now() - (LIMITS.messageEditHours * 3600 + 60) * 1000) })
      .where(eq(messages.id, sent.id));
    expect(await ask(sb, Events.editMessage, { mid: sent.id, message: 'Too late' })).toEqual({
      ok: false,
      error: Messages.chat.editWindowClosed,
    });
    const [row] = await t.db.select({ content: messages.content }).from(messages).where(eq(messages.id, sent.id));
    expect(row?.content).toBe('Pizza at 7');
    await ok(ask(sa, Events.leaveChat, chatId));
  });

  it('marks a message read at once for a member who is looking at the chat', async () => {
    // B joined the chat above: no badge, no toast for B, and the message reads as read.
    const toasts = collect(sb, Events.newMessage);
    const got = nextEvent(sb, Events.receiveMessage);
    await ok(ask(sa, Events.sendMessage, { id: 'c-3', message: 'seen?', to_cid: chatId }));
    await got;
    // A toast goes out with the message itself; B asks only after the message reached it, so the answer
    // comes after any toast on the same connection.
    expect(await ok<number>(ask(sb, Events.getUnread))).toBe(0);
    expect(toasts).toHaveLength(0);
    await ok(ask(sb, Events.leaveChat, chatId));
  });

  it('does not count a tab that closed while its join_chat was answered as looking at the chat', async () => {
    const d = await createUser(t.db);
    const { id: other } = await ok<ChatDto>(ask(sc, Events.startChat, { to_uid: d.id }));
    // Told when the dispatcher has answered every event it took (the closed tab's join_chat included).
    const life = t.app.deps.lifecycle;
    let inFlight = life.inFlight;
    let took = false;
    let answered!: () => void;
    const allAnswered = new Promise<void>((r) => (answered = r));
    Object.defineProperty(life, 'inFlight', {
      configurable: true,
      get: () => inFlight,
      set: (n: number) => {
        took ||= n > inFlight;
        inFlight = n;
        if (took && n === 0) answered();
      },
    });
    try {
      // A second tab of Chandra's asks to view the chat and is gone in the same breath: its event and its
      // close reach the server together, and the close is handled while the event awaits the database.
      const tab = await connectSocket(t.url, await sessionCookie(t.db, c.id));
      tab.emit(Events.joinChat, other, () => undefined);
      tab.close();
      await allAnswered;
    } finally {
      Object.defineProperty(life, 'inFlight', { configurable: true, writable: true, value: inFlight });
    }
    expect([...(await viewersAmong(t.app.deps, other, [c.id]))]).toEqual([]);
    // An open tab that joins is counted.
    await ok(ask(sc, Events.joinChat, other));
    expect([...(await viewersAmong(t.app.deps, other, [c.id]))]).toEqual([c.id]);
    await ok(ask(sc, Events.leaveChat, other));
  });

  it('pages history newest first', async () => {
    for (let i = 0; i < 5; i += 1) await ok(ask(sa, Events.sendMessage, { message: `n${i}`, to_cid: chatId }));
    const first = await ok<MessageDto[]>(ask(sb, Events.getMessages, chatId, { limit: 3 }));
    expect(first.map((m) => m.content)).toEqual(['n4', 'n3', 'n2']);
    const next = await ok<MessageDto[]>(ask(sb, Events.getMessages, chatId, { limit: 3, before: first[2]!.id }));
    expect(next.map((m) => m.content)).toEqual(['n1', 'n0', 'seen?']);
  });

  it('quotes the message a reply answers, refuses one from another chat, and says when the original is gone', async () => {
    const original = await ok<SentMessage>(
      ask(sa, Events.sendMessage, { message: 'Momo at six?\nOr seven, after work', to_cid: chatId }),
    );
    const received = nextEvent<MessageDto>(sa, Events.receiveMessage);
    await ok(ask(sb, Events.sendMessage, { message: 'Six works', to_cid: chatId, replyTo: original.id }));
    // The other side sees the quote: sender, first line only.
    expect((await received).replyTo).toEqual({
      id: original.id,
      senderName: 'Asha Gurung',
      text: 'Momo at six?',
      attachmentName: null,
      thumb: null,
    });
    // History carries it too.
    const [latest] = await ok<MessageDto[]>(ask(sa, Events.getMessages, chatId, { limit: 1 }));
    expect(latest).toMatchObject({ content: 'Six works', replyTo: { id: original.id, text: 'Momo at six?' } });
    // A message of a chat B is not in, or of another chat B is in, cannot be quoted here.
    const other = await ok<ChatDto>(ask(sa, Events.startChat, { to_uid: c.id }));
    const elsewhere = await ok<SentMessage>(
      ask(sa, Events.sendMessage, { message: 'Only for Chandra', to_cid: other.id }),
    );
    expect(await ask(sb, Events.sendMessage, { message: 'Peek', to_cid: chatId, replyTo: elsewhere.id })).toEqual({
      ok: false,
      error: Messages.chat.replyNotFound,
    });
    expect(await ask(sa, Events.sendMessage, { message: 'Mixed', to_cid: chatId, replyTo: elsewhere.id })).toEqual({
      ok: false,
      error: Messages.chat.replyNotFound,
    });
    // The original deleted: the reply stays, its quote says the original is gone.
    await ok(ask(sa, Events.deleteMessage, { mid: original.id }));
    const [after] = await ok<MessageDto[]>(ask(sb, Events.getMessages, chatId, { limit: 1 }));
    expect(after?.replyTo).toMatchObject({ id: original.id, gone: true, text: '' });
  });

  it('starts a group of three with a name and at least 2 others, announced to every member', async () => {
    expect(await ask(sa, Events.startGroupChat, { groupName: 'Trek', userIds: [b.id, a.id] })).toMatchObject({
      ok: false,
    });
    expect(await ask(sa, Events.startGroupChat, { groupName: '  ', userIds: [b.id, c.id] })).toMatchObject({
      ok: false,
    });
    const added = [sa, sb, sc].map((s) => nextEvent<ChatDto[]>(s, Events.addChat));
    const { chatId: groupId } = await ok<{ chatId: string }>(
      ask(sa, Events.startGroupChat, { groupName: 'Trek to Mardi', userIds: [b.id, c.id] }),
    );
    for (const p of added)
      expect((await p)[0]).toMatchObject({ id: groupId, sender: { type: 'group', name: 'Trek to Mardi' } });
    const atC = nextEvent<{ message: string; chatId: string }>(sc, Events.receiveMessage);
    const atB = nextEvent<{ message: string; chatId: string }>(sb, Events.receiveMessage);
    await ok(ask(sa, Events.sendMessage, { message: 'Pack light!', to_cid: groupId }));
    expect(await atC).toMatchObject({ message: 'Pack light!', chatId: groupId });
    expect(await atB).toMatchObject({ message: 'Pack light!', chatId: groupId });
  });

  it('searches members by username and name from 3 characters', async () => {
    expect(await ok(ask(sa, Events.searchUser, 'bi'))).toEqual([]);
    const found = await ok<{ uid: string; fullname: string }[]>(ask(sa, Events.searchUser, 'bikash'));
    expect(found.map((f) => f.uid)).toEqual([b.id]);
    const byUsername = await ok<{ uid: string }[]>(ask(sa, Events.searchUser, c.username.slice(0, 8)));
    expect(byUsername.map((f) => f.uid)).toContain(c.id);
    expect(byUsername.map((f) => f.uid)).not.toContain(a.id); // never oneself
  });

  it('tells counterparts when a member goes offline and comes back', async () => {
    // Presence goes to people who share a chat the member has written in (not to anyone who opens one).
    const groupId = (
      await ok<{ chatId: string }>(ask(sa, Events.startGroupChat, { groupName: 'Hikers', userIds: [b.id, c.id] }))
    ).chatId;
    await ok(ask(sc, Events.sendMessage, { message: 'Count me in', to_cid: groupId }));
    const offline = nextEvent<{ uid: string; online: boolean }>(sb, Events.presence);
    sc.close();
    expect(await offline).toEqual({ uid: c.id, online: false });
    const online = nextEvent<{ uid: string; online: boolean }>(sb, Events.presence);
    sc = await connectSocket(t.url, await sessionCookie(t.db, c.id));
    expect(await online).toEqual({ uid: c.id, online: true });
  });
});
