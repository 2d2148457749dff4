/** Groups after creation (leave, the creator's add/remove/rename), fresh names, and group commit. */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { Events, Messages, PeopleMessages, type ChatDto, type GroupInfo, type MessageDto } from '@sajha/contract';
import { messages } from '../../db/schema.js';
import {
  ask,
  collect,
  connectSocket,
  createUser,
  nextEvent,
  ok,
  sessionCookie,
  startTestApp,
  type TestApp,
  type TestSocket,
  type TestUser,
} from '../../../test/harness.js';

type Received = MessageDto & { message: string; chatId: string };

describe('groups: leave, add, remove, rename', () => {
  let t: TestApp;
  let a: TestUser, b: TestUser, c: TestUser, d: TestUser;
  let sa: TestSocket, sb: TestSocket, sc: TestSocket, sd: TestSocket;
  let groupId: string;

  beforeAll(async () => {
    t = await startTestApp();
    [a, b, c, d] = (await Promise.all(
      ['Asha Gurung', 'Bikash Thapa', 'Chandra Rai', 'Dipa Shrestha'].map((name) => createUser(t.db, { name })),
    )) as [TestUser, TestUser, TestUser, TestUser];
    [sa, sb, sc, sd] = (await Promise.all(
      [a, b, c, d].map(async (u) => connectSocket(t.url, await sessionCookie(t.db, u.id))),
    )) as [TestSocket, TestSocket, TestSocket, TestSocket];
    groupId = (
      await ok<{ chatId: string }>(ask(sa, Events.startGroupChat, { groupName: 'Trek', userIds: [b.id, c.id] }))
    ).chatId;
  });
  afterAll(async () => {
    for (const s of [sa, sb, sc, sd]) s?.close();
    await t?.close();
  });

  it('lets the creator set the group picture: members see it (and a notice), the old one goes, others get nothing', async () => {
    const upload = async (who: TestUser, color: string) => {
      const form = new FormData();
      const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: color } })
        .png()
        .toBuffer();
      form.append('avatar', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'crew.png');
      const res = await fetch(`${t.url}/api/chat/${groupId}/picture`, {
        method: 'POST',
        body: form,
        headers: { cookie: await sessionCookie(t.db, who.id) },
      });
      return { status: res.status, body: (await res.json()) as { info?: GroupInfo; message?: string } };
    };
    const get = async (who: TestUser, url: string) =>
      fetch(`${t.url}${url}`, { headers: { cookie: await sessionCookie(t.db, who.id) } });

    expect(await upload(b, '#c62828')).toMatchObject({ status: 403, body: { message: Messages.chat.creatorOnly } });
    const notice = nextEvent<Received>(sc, Events.receiveMessage);
    const info = nextEvent<GroupInfo>(sb, Events.groupInfo);
    const first = await upload(a, '#2e7d32');
    expect(first.status).toBe(200);
    const url = first.body.info!.picture!;
    expect((await info).picture).toBe(url);
    expect(await notice).toMatchObject({ notice: true, message: Messages.chat.groupPictureChanged('Asha Gurung') });
    const list = await ok<ChatDto[]>(ask(sc, Events.getChats));
    expect(list.find((x) => x.id === groupId)?.sender.avatar).toBe(url);

    const seen = await get(c, url);
    expect(seen.status).toBe(200);
    expect(seen.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await seen.arrayBuffer())).metadata()).width).toBe(512);
    // D is in no chat with the group: nothing, as for a chat that does not exist; nor without signing in.
    expect((await get(d, url)).status).toBe(403);
    expect((await fetch(`${t.url}${url}`)).status).toBe(401);
    // The picture is not public under /media either.
    expect((await fetch(`${t.url}/media/group/${url.split('/').pop()}`)).status).toBe(404);

    // A new picture replaces the old: its files are gone.
    const second = await upload(a, '#1565c0');
    expect(second.body.info!.picture).not.toBe(url);
    expect((await get(c, url)).status).toBe(404);
    expect((await get(c, second.body.info!.picture!)).status).toBe(200);
  });

  it('lets only the creator rename, and announces the new name in the chat', async () => {
    expect(await ask(sb, Events.renameGroup, { chatId: groupId, name: 'Mine now' })).toEqual({
      ok: false,
      error: Messages.chat.creatorOnly,
    });
    const notice = nextEvent<Received>(sc, Events.receiveMessage);
    const info = nextEvent<GroupInfo>(sb, Events.groupInfo);
    await ok(ask(sa, Events.renameGroup, { chatId: groupId, name: 'Trek to Mardi' }));
    expect(await notice).toMatchObject({
      chatId: groupId,
      notice: true,
      message: Messages.chat.groupRenamed('Trek to Mardi', 'Asha Gurung'),
    });
    expect((await info).name).toBe('Trek to Mardi');
    const list = await ok<ChatDto[]>(ask(sc, Events.getChats));
    expect(list.find((x) => x.id === groupId)?.sender.name).toBe('Trek to Mardi');
  });

  it('lets the creator add a member, who gets the chat and can write in it', async () => {
    expect(await ask(sc, Events.addGroupMembers, { chatId: groupId, userIds: [d.id] })).toMatchObject({ ok: false });
    const added = nextEvent<ChatDto[]>(sd, Events.addChat);
    const notice = nextEvent<Received>(sb, Events.receiveMessage);
    const info = await ok<GroupInfo>(ask(sa, Events.addGroupMembers, { chatId: groupId, userIds: [d.id] }));
    expect(info.members.map((m) => m.uid).sort()).toEqual([a.id, b.id, c.id, d.id].sort());
    expect((await added)[0]).toMatchObject({ id: groupId, sender: { type: 'group', name: 'Trek to Mardi' } });
    expect((await notice).message).toBe(Messages.chat.membersAdded('Dipa Shrestha', 'Asha Gurung'));
    expect(await ask(sa, Events.addGroupMembers, { chatId: groupId, userIds: [d.id] })).toEqual({
      ok: false,
      error: Messages.chat.alreadyMember,
    });
    const atC = nextEvent<Received>(sc, Events.receiveMessage);
    await ok(ask(sd, Events.sendMessage, { message: 'Namaste sabai!', to_cid: groupId }));
    expect(await atC).toMatchObject({ message: 'Namaste sabai!', sender: { uid: d.id } });
  });

  it('lets the creator remove a member: announced, and the removed member is out at once', async () => {
    expect(await ask(sb, Events.removeGroupMember, { chatId: groupId, uid: d.id })).toEqual({
      ok: false,
      error: Messages.chat.creatorOnly,
    });
    const removed = nextEvent<{ chatId: string }>(sd, Events.chatRemoved);
    const notice = nextEvent<Received>(sc, Events.receiveMessage);
    await ok(ask(sa, Events.removeGroupMember, { chatId: groupId, uid: d.id }));
    expect(await removed).toEqual({ chatId: groupId });
    expect((await notice).message).toBe(Messages.chat.memberRemoved('Dipa Shrestha', 'Asha Gurung'));
    const refused = { ok: false, error: Messages.chat.notMember };
    expect(await ask(sd, Events.sendMessage, { message: 'still here?', to_cid: groupId })).toEqual(refused);
    expect(await ask(sd, Events.getMessages, groupId)).toEqual(refused);
    expect((await ok<ChatDto[]>(ask(sd, Events.getChats))).map((x) => x.id)).not.toContain(groupId);
  });

  it('lets a member leave: announced to the others, and nothing reaches the one who left', async () => {
    const removed = nextEvent<{ chatId: string }>(sc, Events.chatRemoved);
    const atA = nextEvent<Received>(sa, Events.receiveMessage);
    const atB = nextEvent<Received>(sb, Events.receiveMessage);
    await ok(ask(sc, Events.leaveGroup, groupId));
    expect(await removed).toEqual({ chatId: groupId });
    for (const p of [atA, atB]) {
      expect(await p).toMatchObject({ notice: true, message: Messages.chat.memberLeft('Chandra Rai') });
    }
    const late = collect(sc, Events.receiveMessage);
    const atB2 = nextEvent<Received>(sb, Events.receiveMessage);
    await ok(ask(sa, Events.sendMessage, { message: 'Just us two now', to_cid: groupId }));
    await atB2;
    // C's socket is still open and connected to the same server: the message above reached B, not C.
    await ok(ask(sc, Events.getUnread));
    expect(late).toHaveLength(0);
    expect(await ask(sc, Events.leaveGroup, groupId)).toEqual({ ok: false, error: Messages.chat.notMember });
    const info = await ok<GroupInfo>(ask(sa, Events.getGroup, groupId));
    expect(info.members.map((m) => m.uid).sort()).toEqual([a.id, b.id].sort());
  });

  it('hands the creator role on when the creator leaves, and refuses group changes on a direct chat', async () => {
    const info = nextEvent<GroupInfo>(sb, Events.groupInfo);
    await ok(ask(sa, Events.leaveGroup, groupId));
    expect((await info).creatorId).toBe(b.id);
    await ok(ask(sb, Events.renameGroup, { chatId: groupId, name: 'Solo' }));
    const direct = await ok<ChatDto>(ask(sa, Events.startChat, { to_uid: b.id }));
    expect(await ask(sa, Events.leaveGroup, direct.id)).toEqual({ ok: false, error: Messages.chat.notGroup });
  });
});

describe('chat write path', () => {
  let t: TestApp;
  let a: TestUser, b: TestUser;
  let sa: TestSocket, sb: TestSocket;
  let chatId: string;

  beforeAll(async () => {
    t = await startTestApp();
    [a, b] = await Promise.all([createUser(t.db, { name: 'Asha Gurung' }), createUser(t.db, { name: 'Bikash Thapa' })]);
    [sa, sb] = await Promise.all([
      connectSocket(t.url, await sessionCookie(t.db, a.id)),
      connectSocket(t.url, await sessionCookie(t.db, b.id)),
    ]);
    chatId = (await ok<ChatDto>(ask(sa, Events.startChat, { to_uid: b.id }))).id;
  });
  afterAll(async () => {
    for (const s of [sa, sb]) s?.close();
    await t?.close();
  });

  it("shows the sender's name as it is now, not as it was when the socket connected", async () => {
    const saved = nextEvent(sa, Events.profileUpdateSuccess);
    sa.emit(Events.updateProfile, { type: 'account', updatedData: { name: 'Asha G. Rai', username: a.username } });
    await saved;
    const toast = nextEvent<{ name: string }>(sb, Events.newMessage);
    const got = nextEvent<Received>(sb, Events.receiveMessage);
    await ok(ask(sa, Events.sendMessage, { message: 'new name', to_cid: chatId }));
    expect((await got).sender.name).toBe('Asha G. Rai');
    expect((await toast).name).toBe('Asha G. Rai');
  });

  it('stores a burst sent at once exactly once each, in order, and acks each with its stored copy', async () => {
    const n = 20; // twice this stays inside one socket's flood burst
    const arrived = collect<Received>(sb, Events.receiveMessage);
    const acks = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        ok<MessageDto>(ask(sa, Events.sendMessage, { id: `burst-${i}`, message: `burst ${i}`, to_cid: chatId })),
      ),
    );
    // The same ids again, also all at once (a reconnect's resends): the stored copies, nothing new.
    const again = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        ok<MessageDto>(ask(sa, Events.sendMessage, { id: `burst-${i}`, message: `burst ${i}`, to_cid: chatId })),
      ),
    );
    expect(again.map((m) => m.id)).toEqual(acks.map((m) => m.id));
    const [row] = await t.db
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.chatId, chatId), eq(messages.senderId, a.id)));
    expect(row?.n).toBe(n + 1);
    const page = await ok<MessageDto[]>(ask(sb, Events.getMessages, chatId, { limit: n }));
    expect(page.map((m) => m.content).reverse()).toEqual(Array.from({ length: n }, (_, i) => `burst ${i}`));
    // Everything acked was delivered (the page read above came after every ack).
    await ok(ask(sb, Events.getUnread));
    expect(new Set(arrived.map((m) => m.id))).toEqual(new Set(acks.map((m) => m.id)));
  });

  it("stores a message after the chat's newest one even when the clock has not moved past it", async () => {
    // Two batches that see the same now() (PGlite's clock is coarse) are this case: the second batch's rows
    // must still come after the first's, not interleave with them by their place in the batch.
    await t.db.execute(sql`update messages set created_at = now() + interval '1 minute'
      where id = (select id from messages where chat_id = ${chatId} order by created_at desc limit 1)`);
    await t.db.execute(sql`update chats set last_message_at = now() + interval '1 minute' where id = ${chatId}`);
    await ok(ask(sa, Events.sendMessage, { message: 'after the clock', to_cid: chatId }));
    const page = await ok<MessageDto[]>(ask(sb, Events.getMessages, chatId, { limit: 2 }));
    expect(page.map((m) => m.content)).toEqual(['after the clock', 'burst 19']);
  });

  it('refuses a blocked pair inside the batch with the block message', async () => {
    await ok(ask(sb, Events.blockUser, { username: a.username }));
    expect(await ask(sa, Events.sendMessage, { message: 'hello?', to_cid: chatId })).toEqual({
      ok: false,
      error: PeopleMessages.cannotMessage,
    });
  });
});
