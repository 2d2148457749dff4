/**
 * Trust and safety over HTTP and sockets, on a real server: members report, mute and appeal; staff work
 * the queue and act, each action one audit row; a suspension ends every session at once and sign-in
 * says why and until when; a different moderator decides the appeal.
 */
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Events,
  ModerationMessages,
  type AuditEntry,
  type ChatDto,
  type MessageDto,
  type NotificationDto,
  type PostDto,
  type ReportDetail,
  type ReportGroup,
} from '@sajha/contract';
import { moderationLog, posts, reports } from '../../db/schema.js';
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
} from '../../../test/harness.js';

let t: TestApp;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  t = await startTestApp({ ADMIN_EMAILS: 'root@example.test' });
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await t?.close();
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

async function postBy(m: Member, content: string): Promise<string> {
  const form = new FormData();
  form.set('content', content);
  const res = await fetch(`${t.url}/api/createPost`, { method: 'POST', body: form, headers: { cookie: m.cookie } });
  return ((await res.json()) as { post: { post_id: string } }).post.post_id;
}

const auditRows = async () => (await t.db.select({ n: count() }).from(moderationLog))[0]!.n;

/** Staff: the admin bootstrapped by ADMIN_EMAILS grants two moderators. */
let admin: Member;
let mod1: Member;
let mod2: Member;
beforeAll(async () => {
  admin = await member({ email: 'root@example.test' });
  mod1 = await member();
  mod2 = await member();
  for (const m of [mod1, mod2]) {
    const res = await admin.http.post('/api/admin/actions', {
      action: 'grant-role',
      kind: 'member',
      id: m.id,
      role: 'moderator',
    });
    expect(res.body).toMatchObject({ success: true });
  }
});

describe('trust and safety', () => {
  it('requires sign-in, and a member can never read a report, the queue, the audit log or the appeals', async () => {
    const anon = new HttpClient(t.url);
    expect((await anon.get('/api/admin/reports')).status).toBe(401);
    expect((await anon.post('/api/reports', { kind: 'post', id: crypto.randomUUID(), reason: 'spam' })).status).toBe(
      401,
    );
    const m = await member();
    const reporter = await member();
    const postId = await postBy(m, 'Buy cheap followers now');
    expect((await reporter.http.post('/api/reports', { kind: 'post', id: postId, reason: 'spam' })).body).toEqual({
      success: true,
      message: ModerationMessages.reportReceived,
    });
    for (const path of [
      '/api/admin/reports',
      `/api/admin/reports/post/${postId}`,
      '/api/admin/audit',
      '/api/admin/appeals',
      '/api/admin/members',
    ]) {
      const res = await m.http.get(path);
      expect(res.status, path).toBe(403);
      expect(res.body.message, path).toBe(
        path === '/api/admin/audit' ? ModerationMessages.adminOnly : ModerationMessages.staffOnly,
      );
    }
    expect((await m.http.post('/api/admin/actions', { action: 'dismiss', kind: 'post', id: postId })).status).toBe(403);
    // A member may ask their own role (the app's "Admin" link): they are a member.
    expect((await m.http.get('/api/admin/me')).body).toEqual({ success: true, role: 'member' });
    expect((await mod1.http.get('/api/admin/me')).body).toEqual({ success: true, role: 'moderator' });
    // Moderators work the queue but read no audit log and grant no role: admins do.
    expect((await mod1.http.get('/api/admin/reports')).status).toBe(200);
    expect((await mod1.http.get('/api/admin/audit')).body.message).toBe(ModerationMessages.adminOnly);
    const grant = await mod1.http.post('/api/admin/actions', {
      action: 'grant-role',
      kind: 'member',
      id: m.id,
      role: 'moderator',
    });
    expect(grant.body.message).toBe(ModerationMessages.adminOnly);
  });

  it('a reported message carries the messages around it; a moderator reads no chat message that was not reported', async () => {
    const a = await member();
    const b = await member();
    const chat = await ok<ChatDto>(ask(b.socket, Events.startChat, { username: a.username }));
    const ids: string[] = [];
    for (const text of ['hi', 'how are you', 'you are an idiot', 'answer me', 'ok bye']) {
      const who = text === 'hi' || text === 'ok bye' ? b : a;
      ids.push((await ok<{ id: string }>(ask(who.socket, Events.sendMessage, { message: text, to_cid: chat.id }))).id);
    }
    const abusive = ids[2]!;
    // Someone outside the chat cannot report (or learn of) its messages.
    const outsider = await member();
    expect(
      (await outsider.http.post('/api/reports', { kind: 'message', id: abusive, reason: 'harassment' })).status,
    ).toBe(404);
    expect(
      (await b.http.post('/api/reports', { kind: 'message', id: abusive, reason: 'harassment', note: 'again' })).body,
    ).toMatchObject({ success: true });
    const detail = (await mod1.http.get(`/api/admin/reports/message/${abusive}`)).body as unknown as ReportDetail;
    expect(detail.snapshot.text).toBe('you are an idiot');
    expect(detail.snapshot.context.map((c) => [c.text, c.reported])).toEqual([
      ['hi', false],
      ['how are you', false],
      ['you are an idiot', true],
      ['answer me', false],
      ['ok bye', false],
    ]);
    expect(detail.reports.map((r) => r.note)).toEqual(['again']);
    // Any other message of the chat: there is no way in for staff.
    expect((await mod1.http.get(`/api/admin/reports/message/${ids[0]}`)).status).toBe(404);
  });

  it('every staff action writes exactly one audit row, and the log cannot be edited', async () => {
    const m = await member();
    const postId = await postBy(m, 'Nothing to see');
    const actions: { action: string; kind: string; id: string; reason?: string; days?: number }[] = [
      { action: 'sensitive', kind: 'post', id: postId, reason: 'graphic' },
      { action: 'not-sensitive', kind: 'post', id: postId },
      { action: 'remove', kind: 'post', id: postId, reason: 'spam' },
      { action: 'restore', kind: 'post', id: postId },
      { action: 'warn', kind: 'member', id: m.id, reason: 'be kind' },
      { action: 'limit', kind: 'member', id: m.id, reason: 'repeat' },
      { action: 'unlimit', kind: 'member', id: m.id },
      { action: 'suspend', kind: 'member', id: m.id, reason: 'threats', days: 2 },
      { action: 'unsuspend', kind: 'member', id: m.id },
      { action: 'ban', kind: 'member', id: m.id, reason: 'again' },
      { action: 'unban', kind: 'member', id: m.id },
      { action: 'dismiss', kind: 'post', id: postId },
    ];
    for (const a of actions) {
      const before = await auditRows();
      const res = await mod1.http.post('/api/admin/actions', a);
      expect(res.body, a.action).toMatchObject({ success: true });
      expect(await auditRows(), a.action).toBe(before + 1);
    }
    const entries = (
      (await admin.http.get(`/api/admin/audit?member=${m.username}`)).body as unknown as { entries: AuditEntry[] }
    ).entries;
    // The member's history: every action on them or their content, newest first.
    expect(entries.map((e) => e.action).reverse()).toEqual(actions.map((a) => a.action));
    const unsuspend = entries.find((e) => e.action === 'unsuspend')!;
    expect(unsuspend.reverses).toBe(entries.find((e) => e.action === 'suspend')!.id);
    // Refused: a reason is required; staff do not act on an admin; the log is append-only.
    expect(
      (await mod1.http.post('/api/admin/actions', { action: 'warn', kind: 'member', id: m.id })).body.message,
    ).toBe(ModerationMessages.reasonNeeded);
    expect(
      (await mod1.http.post('/api/admin/actions', { action: 'ban', kind: 'member', id: admin.id, reason: 'x' })).body
        .message,
    ).toBe(ModerationMessages.notStaffTarget);
    await expect(t.db.execute(sql`update moderation_log set reason = 'edited'`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from moderation_log`)).rejects.toThrow();
  });

  it('removal, suspension with sign-in reason, the reporter told, and an appeal reversed by another moderator', async () => {
    const author = await member({ password: 'author-pass-1' });
    const reporter = await member();
    const postId = await postBy(author, 'You all deserve to suffer');
    await ok(ask(reporter.socket, Events.fetchOnePost, { post_id: postId }));
    expect(
      (await reporter.http.post('/api/reports', { kind: 'post', id: postId, reason: 'violence', note: 'threat' })).body,
    ).toMatchObject({ success: true });
    const queue = ((await mod1.http.get('/api/admin/reports')).body as unknown as { groups: ReportGroup[] }).groups;
    const group = queue.find((g) => g.id === postId)!;
    expect(group).toMatchObject({ kind: 'post', count: 1, reasons: ['violence'] });
    expect(group.snapshot.text).toBe('You all deserve to suffer');

    // Remove the post: the reporter's open screen drops it; nobody can open it any more.
    const dropped = nextEvent<{ type: string; post_id: string; message: string }>(
      reporter.socket,
      Events.postMutationResult,
    );
    const told = nextEvent<NotificationDto>(reporter.socket, Events.notification);
    expect(
      (await mod1.http.post('/api/admin/actions', { action: 'remove', kind: 'post', id: postId, reason: 'Threats' }))
        .body,
    ).toMatchObject({ success: true });
    expect(await dropped).toMatchObject({ type: 'delete', post_id: postId, message: ModerationMessages.postRemoved });
    expect((await told).message).toBe(ModerationMessages.reportOutcome('post', true));
    expect(await ask(reporter.socket, Events.fetchOnePost, { post_id: postId })).toEqual({
      ok: false,
      error: ModerationMessages.postRemoved,
    });
    const feed = nextEvent<{ posts: PostDto[] }>(reporter.socket, Events.posts);
    reporter.socket.emit(Events.fetchPosts, { offset: 0 });
    expect((await feed).posts.map((p) => p.post_id)).not.toContain(postId);
    expect(
      (await t.db.select({ removed: posts.removedAt }).from(posts).where(eq(posts.id, postId)))[0]!.removed,
    ).not.toBeNull();

    // Suspend the author for 3 days: their socket drops at once, sign-in says why and until when.
    const gone = new Promise<void>((resolve) => author.socket.once('disconnect', () => resolve()));
    expect(
      (
        await mod1.http.post('/api/admin/actions', {
          action: 'suspend',
          kind: 'member',
          id: author.id,
          reason: 'Threats of violence',
          days: 3,
        })
      ).body,
    ).toMatchObject({ success: true });
    await gone;
    await expect(connectSocket(t.url, author.cookie)).rejects.toThrow(/unauthorized/);
    const signin = await new HttpClient(t.url).post('/api/auth/login', {
      email: author.email,
      password: 'author-pass-1',
    });
    expect(signin.status).toBe(403);
    expect(signin.body.message).toMatch(
      /^Your account is suspended until \d{1,2} \w+ \d{4} at \d{2}:\d{2}: Threats of violence$/,
    );

    // The author appeals from the sign-in page (no session), once.
    const appeal = await new HttpClient(t.url).post('/api/appeals/sanction', {
      email: author.email,
      password: 'author-pass-1',
      text: 'It was a song lyric, not a threat.',
    });
    expect(appeal.body).toEqual({ success: true, message: ModerationMessages.appealReceived });
    const again = await new HttpClient(t.url).post('/api/appeals/sanction', {
      email: author.email,
      password: 'author-pass-1',
      text: 'Please',
    });
    expect(again.body.message).toBe(ModerationMessages.appealOnce);
    const appeals = (
      (await mod2.http.get('/api/admin/appeals')).body as unknown as { appeals: { id: string; action: AuditEntry }[] }
    ).appeals;
    const mine = appeals.find((a) => a.action.member === author.username)!;
    expect(mine.action.action).toBe('suspend');
    // The moderator who acted may not decide it; another one reverses it.
    expect((await mod1.http.post(`/api/admin/appeals/${mine.id}`, { reverse: true })).body.message).toBe(
      ModerationMessages.appealSameStaff,
    );
    expect(
      (await mod2.http.post(`/api/admin/appeals/${mine.id}`, { reverse: true, reason: 'Lyric' })).body,
    ).toMatchObject({ success: true });
    const back = await new HttpClient(t.url).post('/api/auth/login', {
      email: author.email,
      password: 'author-pass-1',
    });
    expect(back.status).toBe(200);
    const log = (
      (await admin.http.get(`/api/admin/audit?member=${author.username}`)).body as unknown as { entries: AuditEntry[] }
    ).entries;
    expect(log.map((e) => [e.action, e.actor])).toEqual([
      ['unsuspend', mod2.username],
      ['suspend', mod1.username],
      ['remove', mod1.username],
    ]);
    expect(log[0]!.reverses).toBe(log[1]!.id);
    // The report is closed with the action.
    expect(
      (await t.db.select({ status: reports.status }).from(reports).where(eq(reports.targetId, postId)))[0]!.status,
    ).toBe('resolved');
  });

  it('media marked sensitive is marked for members and for visitors of the shared link', async () => {
    const m = await member();
    const viewer = await member();
    const postId = await postBy(m, 'Festival photos');
    await mod1.http.post('/api/admin/actions', { action: 'sensitive', kind: 'post', id: postId, reason: 'Graphic' });
    expect((await ok<PostDto>(ask(viewer.socket, Events.fetchOnePost, { post_id: postId }))).sensitive).toBe(true);
    expect((await new HttpClient(t.url).get(`/api/p/${postId}`)).body.post).toMatchObject({ sensitive: true });
  });

  it('a removed comment and message keep their place as "Removed by moderators"', async () => {
    const a = await member();
    const b = await member();
    const postId = await postBy(a, 'Sunset');
    const list = await ok<{ id: string }[]>(ask(b.socket, Events.addComment, { postId, comment: 'ugly spam link' }));
    const commentId = list[0]!.id;
    expect((await a.http.post('/api/reports', { kind: 'comment', id: commentId, reason: 'spam' })).body).toMatchObject({
      success: true,
    });
    await mod1.http.post('/api/admin/actions', { action: 'remove', kind: 'comment', id: commentId, reason: 'Spam' });
    const thread = await ok<{ post_id: string; comments: { comment: string; removed?: boolean }[] }>(
      ask(a.socket, Events.fetchComments, postId),
    );
    expect(thread.comments[0]).toMatchObject({ comment: ModerationMessages.removed, removed: true });

    const chat = await ok<ChatDto>(ask(a.socket, Events.startChat, { username: b.username }));
    const sent = await ok<{ id: string }>(
      ask(b.socket, Events.sendMessage, { message: 'rude words', to_cid: chat.id }),
    );
    await a.http.post('/api/reports', { kind: 'message', id: sent.id, reason: 'harassment' });
    const updated = nextEvent<MessageDto>(a.socket, Events.messageUpdated);
    await mod1.http.post('/api/admin/actions', {
      action: 'remove',
      kind: 'message',
      id: sent.id,
      reason: 'Harassment',
    });
    expect(await updated).toMatchObject({ id: sent.id, content: ModerationMessages.removed, removed: true });
    const history = await ok<MessageDto[]>(ask(b.socket, Events.getMessages, chat.id));
    expect(history.find((m) => m.id === sent.id)).toMatchObject({ content: ModerationMessages.removed, removed: true });
  });

  it('mute hides a member from the feed without a block; limit shows their posts to followers only', async () => {
    const viewer = await member();
    const loud = await member();
    const limited = await member();
    const fan = await member();
    const loudPost = await postBy(loud, 'Loud post');
    const limitedPost = await postBy(limited, 'Limited post');
    await ok(ask(fan.socket, Events.follow, { username: limited.username }));
    expect((await viewer.http.post('/api/mutes', { username: loud.username })).body).toEqual({
      success: true,
      message: ModerationMessages.muted,
    });
    expect((await viewer.http.post('/api/mutes', { username: viewer.username })).body.message).toBe(
      ModerationMessages.muteSelf,
    );
    expect(
      ((await viewer.http.get('/api/mutes')).body as { members: { username: string }[] }).members.map(
        (m) => m.username,
      ),
    ).toEqual([loud.username]);
    await mod1.http.post('/api/admin/actions', {
      action: 'limit',
      kind: 'member',
      id: limited.id,
      reason: 'Brigading',
    });
    const feedOf = async (m: Member) => {
      const page = nextEvent<{ posts: PostDto[] }>(m.socket, Events.posts);
      m.socket.emit(Events.fetchPosts, { offset: 0 });
      return (await page).posts.map((p) => p.post_id);
    };
    const seen = await feedOf(viewer);
    expect(seen).not.toContain(loudPost);
    expect(seen).not.toContain(limitedPost);
    expect(await feedOf(fan)).toContain(limitedPost);
    // Muting is not a block: the muted member still reaches the viewer's profile and messages.
    expect(await ask(loud.socket, Events.fetchProfile, { username: viewer.username })).toMatchObject({ ok: true });
    expect(await ask(viewer.socket, Events.fetchOnePost, { post_id: limitedPost })).toMatchObject({ ok: false });
    expect(await ask(fan.socket, Events.fetchOnePost, { post_id: limitedPost })).toMatchObject({ ok: true });
    // Muted words are the member's own list (the web collapses what contains them).
    expect((await viewer.http.post('/api/muted-words', { word: 'Election' })).body).toMatchObject({ success: true });
    expect((await viewer.http.get('/api/muted-words')).body).toEqual({ success: true, words: ['election'] });
    expect((await viewer.http.request('DELETE', '/api/muted-words/election')).body).toMatchObject({ success: true });
  });
});
