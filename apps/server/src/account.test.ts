/**
 * A member's account as a whole: every table that names a member is some area's to export and delete
 * (read from the database catalogue, so a new table cannot be forgotten), and deleting a member who used
 * every feature leaves nothing of theirs outside `users`: no id, username, email, typed text or file,
 * except what the README lists (messages others received stay, from "Deleted user").
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Events, SettingsText, type ChatDto, type MessageDto, type ReelStatusDto } from '@sajha/contract';
import { FEATURES } from './app.js';
import { rowsOf } from './db/rows.js';
import { aiMessages, calls, files, users } from './db/schema.js';
import {
  ask,
  connectSocket,
  createUser,
  HttpClient,
  nextEvent,
  ok,
  sessionCookie,
  startTestApp,
  type TestApp,
  type TestSocket,
  type TestUser,
} from '../test/harness.js';
import { makeVideo, png } from '../test/media.js';

let t: TestApp;
const sockets: TestSocket[] = [];
const tmp = mkdtempSync(path.join(os.tmpdir(), 'sajha-account-'));

beforeAll(async () => {
  t = await startTestApp({ ADMIN_EMAILS: 'admin@example.test' });
}, 60_000);
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await t?.close();
  rmSync(tmp, { recursive: true, force: true });
});

/** Columns that hold a member's id without a foreign key would be named like this. */
const MEMBER_COLUMN =
  /^(user|author|owner|actor|sender|caller|callee|follower|followee|blocker|blocked|creator|member)_id$|_by$/;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.db.execute(query));
}

describe('account data has owners', () => {
  it('every table that names a member is handled by some area’s account hooks', async () => {
    const referencing = await rows<{ table: string }>(sql`
      select distinct c.conrelid::regclass::text as table from pg_constraint c
      where c.contype = 'f' and c.confrelid = 'public.users'::regclass`);
    const named = await rows<{ table: string; column: string }>(sql`
      select table_name as table, column_name as column from information_schema.columns
      where table_schema = 'public' and table_name <> 'users'`);
    const naming = named.filter((c) => MEMBER_COLUMN.test(c.column)).map((c) => c.table);
    const needed = new Set([...referencing.map((r) => r.table.replace(/^public\./, '').replace(/"/g, '')), ...naming]);
    needed.delete('users');
    const handled = new Set(FEATURES.flatMap((f) => f.account?.tables ?? []));
    const forgotten = [...needed].filter((table) => !handled.has(table)).sort();
    expect(forgotten, `tables that name a member but no area exports and deletes: ${forgotten.join(', ')}`).toEqual([]);
    // And every table a hook names exists.
    const tables = new Set(named.map((c) => c.table));
    expect([...handled].filter((table) => !tables.has(table))).toEqual([]);
  });
});

interface Member extends TestUser {
  cookie: string;
  socket: TestSocket;
  http: HttpClient;
}

async function member(over: Partial<TestUser> = {}): Promise<Member> {
  const u = await createUser(t.db, over);
  const cookie = await sessionCookie(t.db, u.id);
  const socket = await connectSocket(t.url, cookie);
  sockets.push(socket);
  const http = new HttpClient(t.url);
  http.cookies.set('sajha_sid', cookie.split('=')[1]!);
  return { ...u, cookie, socket, http };
}

const video = () => makeVideo(tmp, 'clip.mp4', { w: 160, h: 284, seconds: 1, audio: false, fps: 10 });

async function postForm(m: Member, p: string, form: FormData) {
  const res = await fetch(`${t.url}${p}`, { method: 'POST', body: form, headers: { cookie: m.cookie } });
  return (await res.json()) as Record<string, unknown>;
}

/** Every text the member typed, to look for afterwards. */
const typed = {
  post: 'Private diary entry zq1',
  comment: 'A comment only I wrote zq2',
  reply: 'My own reply zq3',
  onTheirPost: 'Comment on a friend zq4',
  direct: 'A direct message zq5',
  group: 'Group words zq6',
  toAlone: 'Talking to myself zq7',
  reel: 'My clip title zq8',
  suggestion: 'Add dark mode please zq9',
  bio: 'Bio text zqa',
  ai: 'How do I block someone zqb',
  reportNote: 'He keeps messaging me zqc',
  appeal: 'I did nothing wrong zqd',
  mutedWord: 'cricketzqe',
};

describe('deleting an account', () => {
  it('leaves no id, username, email, typed text or file of a member who used every feature', async () => {
    const a = await member({ name: 'Asha Deleteme' });
    const b = await member();
    const c = await member();
    const oldUsername = a.username;

    // Profile, username change, socials, avatar.
    await ok(
      ask(a.socket, Events.updateProfile, { type: 'personal', updatedData: { bio: typed.bio, location: 'Pokhara' } }),
    );
    const renamed = `${a.username}x`.slice(0, 30);
    await ok(
      ask(a.socket, Events.updateProfile, { type: 'account', updatedData: { name: a.name, username: renamed } }),
    );
    await ok(ask(a.socket, Events.updateProfile, { type: 'social', updatedData: { socials: { github: 'ashagit' } } }));
    const avatarForm = new FormData();
    avatarForm.append('avatar', new Blob([new Uint8Array(await png(64, 48))], { type: 'image/png' }), 'me.png');
    const avatar = (await postForm(a, '/api/settings/avatar', avatarForm)) as { url: string };
    await ok(ask(a.socket, Events.updateProfile, { type: 'profilePic', updatedData: { profilePic: avatar.url } }));

    // A post with a photo, comments and a reply; likes and shares both ways; a mention.
    const postForm1 = new FormData();
    postForm1.set('content', `${typed.post} @${b.username}`);
    postForm1.append('mediaFiles', new Blob([new Uint8Array(await png(80, 60))], { type: 'image/png' }), 'p.png');
    const mine = ((await postForm(a, '/api/createPost', postForm1)) as { post: { post_id: string } }).post.post_id;
    const theirsForm = new FormData();
    theirsForm.set('content', 'B shares a thought');
    const theirs = ((await postForm(b, '/api/createPost', theirsForm)) as { post: { post_id: string } }).post.post_id;
    await ok(ask(a.socket, Events.addComment, { postId: mine, comment: typed.comment }));
    const thread = await ok<{ id: string }[]>(
      ask(c.socket, Events.addComment, { postId: mine, comment: 'C was here' }),
    );
    await ok(ask(a.socket, Events.addCommentReply, { postId: mine, commentId: thread[0]!.id, reply: typed.reply }));
    await ok(ask(a.socket, Events.addComment, { postId: theirs, comment: typed.onTheirPost }));
    await ok(ask(a.socket, Events.likePost, { post_id: theirs }));
    await ok(ask(b.socket, Events.likePost, { post_id: mine }));
    await ok(ask(a.socket, Events.sharePost, { post_id: theirs, network: 'facebook', ref: 'refabc123' }));

    // A clip, transcoded for real.
    const reelForm = new FormData();
    reelForm.set('title', typed.reel);
    reelForm.set('description', '');
    reelForm.set('category', 'travel');
    reelForm.set('video', new Blob([new Uint8Array(video())], { type: 'video/mp4' }), 'clip.mp4');
    const ready = nextEvent<ReelStatusDto>(a.socket, Events.reelStatus, 60_000);
    await postForm(a, '/api/reels', reelForm);
    const reel = await ready;
    expect(reel.status).toBe('ready');
    await ok(ask(b.socket, Events.likeReel, { reelId: reel.id }));
    await ok(ask(a.socket, Events.addReelComment, { reelId: reel.id, comment: `${typed.comment} on a clip` }));

    // The features board.
    const suggestion = await ok<{ id: string }>(
      ask(a.socket, Events.suggestFeature, { feature: typed.suggestion, description: 'At night please' }),
    );
    await ok(ask(b.socket, Events.voteFeature, { id: suggestion.id }));
    const other = await ok<{ id: string }>(
      ask(b.socket, Events.suggestFeature, { feature: 'Stickers', description: 'Fun' }),
    );
    await ok(ask(a.socket, Events.voteFeature, { id: other.id }));

    // People: follows both ways, a block.
    await ok(ask(a.socket, Events.follow, { username: b.username }));
    await ok(ask(b.socket, Events.follow, { username: renamed }));
    const d = await member();
    await ok(ask(a.socket, Events.blockUser, { username: d.username }));
    await ok(ask(d.socket, Events.follow, { username: b.username }));

    // Chat: a direct chat with an attachment, a reaction and a pin; a group; a chat with nobody else left.
    const direct = await ok<ChatDto>(ask(a.socket, Events.startChat, { username: b.username }));
    const upload = new FormData();
    upload.append('files', new Blob([new Uint8Array(await png(20, 20))], { type: 'image/png' }), 'a.png');
    const attached = (await postForm(a, '/api/chat/attachments', upload)) as { files: { id: string }[] };
    const sent = await ok<{ id: string }>(
      ask(a.socket, Events.sendMessage, {
        message: typed.direct,
        to_cid: direct.id,
        attachments: [attached.files[0]!.id],
      }),
    );
    const fromB = await ok<{ id: string }>(ask(b.socket, Events.sendMessage, { message: 'Hi A', to_cid: direct.id }));
    await ok(ask(a.socket, Events.reactMessage, { id: fromB.id, reaction: '❤️' }));
    await ok(ask(a.socket, Events.pinMessage, { mid: fromB.id }));
    const group = await ok<{ chatId: string }>(
      ask(a.socket, Events.startGroupChat, { groupName: 'Trek', userIds: [b.id, c.id] }),
    );
    await ok(ask(a.socket, Events.sendMessage, { message: typed.group, to_cid: group.chatId }));
    const alone = await ok<{ chatId: string }>(
      ask(a.socket, Events.startGroupChat, { groupName: 'Notes', userIds: [b.id, c.id] }),
    );
    await ok(ask(b.socket, Events.leaveGroup, alone.chatId));
    await ok(ask(c.socket, Events.leaveGroup, alone.chatId));
    await ok(ask(a.socket, Events.sendMessage, { message: typed.toAlone, to_cid: alone.chatId }));

    // A call (ended), notification preferences and a push device, the assistant.
    await ok(ask(a.socket, Events.updateNotificationPreferences, await prefs(a)));
    const callSocket = await connectSocket(t.url, a.cookie, '/realcall');
    sockets.push(callSocket);
    const room = await ok<{ roomId: string }>(ask(callSocket, Events.createRoom, { userUid: b.id }));
    await ok(ask(callSocket, Events.leaveRoom, { roomId: room.roomId }));
    await a.http.post('/api/ai/chat', { messages: [{ role: 'user', content: typed.ai }] });
    expect(await t.db.select().from(aiMessages).where(eq(aiMessages.userId, a.id))).not.toHaveLength(0);
    expect(await t.db.select().from(calls).where(eq(calls.callerId, a.id))).toHaveLength(1);

    // Trust and safety: A reports B's post, mutes C and a word; B reports A's post; staff warn A, who appeals.
    await a.http.post('/api/reports', { kind: 'post', id: theirs, reason: 'spam', note: typed.reportNote });
    expect((await a.http.post('/api/mutes', { username: c.username })).body).toMatchObject({ success: true });
    expect((await a.http.post('/api/muted-words', { word: typed.mutedWord })).body).toMatchObject({ success: true });
    await b.http.post('/api/reports', { kind: 'post', id: mine, reason: 'harassment' });
    const staff = await member({ email: 'admin@example.test' });
    expect(
      (await staff.http.post('/api/admin/actions', { action: 'warn', kind: 'member', id: a.id, reason: 'Be kind' }))
        .body,
    ).toMatchObject({ success: true });
    const warned = (await a.http.get('/api/moderation/mine')).body as { actions: { id: string }[] };
    expect(
      (await a.http.post('/api/appeals', { actionId: warned.actions[0]!.id, text: typed.appeal })).body,
    ).toMatchObject({ success: true });

    const owned = await t.db.select().from(files).where(eq(files.ownerId, a.id));
    // Avatar (512 and 128), the post photo, the clip and its poster, the chat upload.
    expect(owned.length).toBeGreaterThanOrEqual(4);

    // Delete, with the password; the job does the rest.
    const gone = nextEvent(a.socket, 'disconnect');
    expect((await a.http.post('/api/account/delete', { password: a.password })).body).toEqual({
      success: true,
      message: SettingsText.accountDeleted,
    });
    await gone;
    await t.app.deps.jobs.idle('account.delete', 60_000);

    // Nothing of A outside `users`, but the messages B and the group received, and the audit log (README).
    const looking = [a.id, oldUsername, renamed, a.email, ...Object.values(typed)].map((s) => s.toLowerCase());
    const tables = await rows<{ table_name: string }>(sql`
      select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`);
    const leftovers: string[] = [];
    for (const { table_name: table } of tables) {
      if (table === 'users') continue;
      for (const row of await rows<Record<string, unknown>>(sql`select * from ${sql.identifier(table)}`)) {
        const text = JSON.stringify(row).toLowerCase();
        const hits = looking.filter((s) => text.includes(s));
        if (hits.length === 0) continue;
        // Kept on purpose: a message others received, from "Deleted user" (its sender id and text).
        const received =
          table === 'messages' &&
          row.sender_id === a.id &&
          (row.chat_id === direct.id || row.chat_id === group.chatId) &&
          hits.every((h) => h === a.id || h === typed.direct.toLowerCase() || h === typed.group.toLowerCase());
        // Kept on purpose: the audit log's row of what staff did to A (an id of nobody now, and staff's reason).
        const audited = table === 'moderation_log' && row.target_member_id === a.id && hits.every((h) => h === a.id);
        if (!received && !audited) leftovers.push(`${table}: ${hits.join(', ')} in ${text.slice(0, 200)}`);
      }
    }
    expect(leftovers).toEqual([]);

    // The messages others received are there, from "Deleted user"; the chat with nobody left is gone.
    const history = nextEvent<MessageDto[]>(b.socket, Events.chatMessages);
    b.socket.emit(Events.getMessages, direct.id);
    const list = await history;
    expect(list.find((m) => m.id === sent.id)?.sender.name).toBe('Deleted user');
    expect(await rows(sql`select 1 from chats where id = ${alone.chatId}`)).toHaveLength(0);

    // No file of theirs is left in storage.
    const stored = await readdir(path.join(t.dataDir, 'media'), { recursive: true });
    for (const f of owned) {
      expect(stored).not.toContain(f.storageKey);
      if (f.posterKey) expect(stored).not.toContain(f.posterKey);
    }

    // The account row is emptied; the username is held like a renamed one; the address can sign up again.
    const [row] = await t.db.select().from(users).where(eq(users.id, a.id));
    expect(row).toMatchObject({ name: 'Deleted user', passwordHash: null, avatar: null, bio: '' });
    const thief = await member();
    const taken = await ask<unknown>(thief.socket, Events.updateProfile, {
      type: 'account',
      updatedData: { name: 'Thief', username: renamed },
    });
    expect(taken).toEqual({ ok: false, error: SettingsText.usernameTaken });
    const again = await new HttpClient(t.url).post('/api/auth/register', {
      fullname: 'Asha Again',
      username: `again_${Date.now().toString(36)}`,
      email: a.email,
      password: 'another-pass-1',
    });
    expect(again.status).toBe(200);
  }, 120_000);

  it('a deletion interrupted half way finishes when it runs again (every hook is idempotent)', async () => {
    const a = await member();
    const b = await member();
    const form = new FormData();
    form.set('content', 'Half way zqz');
    await postForm(a, '/api/createPost', form);
    await ok(ask(a.socket, Events.follow, { username: b.username }));
    const hooks = FEATURES.flatMap((f) => (f.account ? [f.account] : []));
    // The first half of the areas ran, then the node died.
    for (const h of hooks.slice(0, Math.floor(hooks.length / 2))) await h.deleteAccount?.(t.app.deps, a.id);
    // The job runs every hook again from the start.
    for (const h of hooks) await h.deleteAccount?.(t.app.deps, a.id);
    const left = await rows(sql`select 1 from posts where author_id = ${a.id}
      union all select 1 from follows where follower_id = ${a.id} or followee_id = ${a.id}`);
    expect(left).toHaveLength(0);
  });
});

async function prefs(m: Member) {
  const got = await ok<{ preferences: Record<string, unknown> }>(ask(m.socket, Events.getNotificationPreferences));
  return { ...got.preferences, digest: true };
}
