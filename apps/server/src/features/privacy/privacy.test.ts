/**
 * Privacy controls over the real transports (issue 38). The table: for each audience, each viewer's
 * relation to the author (stranger, follower, friend, blocked, the author, a visitor) and each path
 * (feed, profile, /p, comments, like, share, search, notifications), the post is shown or refused as the
 * table says. Then private accounts and their requests, who may reply, who may message or call, and
 * sensitive media.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  Events,
  PrivacyText,
  privacyAnswerSchema,
  followRequestsAnswerSchema,
  searchAnswerSchema,
  type Audience,
  type PostDto,
  type ProfileDto,
} from '@sajha/contract';
import {
  ask,
  collect,
  connectSocket,
  connectedUser,
  nextEvent,
  ok,
  startTestApp,
  type ConnectedUser,
  type TestApp,
  type TestSocket,
} from '../../../test/harness.js';
import { follows, notifications } from '../../db/schema.js';

let t: TestApp;
type Member = ConnectedUser;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await t?.close();
});

const member = () => connectedUser(t, sockets);

async function http(who: Member | null, method: string, path: string, body?: unknown) {
  const res = await fetch(t.url + path, {
    method,
    headers: { ...(who ? { cookie: who.cookie } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function post(who: Member, content: string, fields: Record<string, string> = {}, image?: Blob): Promise<PostDto> {
  const form = new FormData();
  form.set('content', content);
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (image) form.set('mediaFiles', image, 'photo.png');
  const res = await fetch(`${t.url}/api/createPost`, { method: 'POST', body: form, headers: { cookie: who.cookie } });
  const body = (await res.json()) as { post: PostDto; message?: string };
  expect(res.status, body.message).toBe(200);
  return body.post;
}

const follow = async (a: Member, b: Member) =>
  ok<{ message: string }>(ask(a.socket, Events.follow, { username: b.username }));

async function feedHas(m: Member, postId: string): Promise<boolean> {
  const got = nextEvent<{ posts: PostDto[] }>(m.socket, Events.posts);
  m.socket.emit(Events.fetchPosts, { offset: 0, more: false, category: 'all' });
  return (await got).posts.some((p) => p.post_id === postId);
}

async function profileHas(m: Member, author: Member, postId: string): Promise<boolean> {
  const res = await ask<{ posts: PostDto[] }>(m.socket, Events.fetchProfilePosts, { username: author.username });
  return res.ok && res.data.posts.some((p) => p.post_id === postId);
}

async function searchHas(m: Member, word: string, postId: string): Promise<boolean> {
  const res = await http(m, 'GET', `/api/search?q=${word}&type=posts`);
  expect(res.status).toBe(200);
  return searchAnswerSchema.parse(res.body).posts.some((p) => p.post_id === postId);
}

async function mentionedAbout(m: Member, postId: string): Promise<boolean> {
  const rows = await t.db
    .select({ actions: notifications.actions })
    .from(notifications)
    .where(and(eq(notifications.userId, m.id), eq(notifications.type, 'mention')));
  return rows.some((r) => JSON.stringify(r.actions).includes(postId));
}

type Viewer = 'stranger' | 'follower' | 'friend' | 'blocked' | 'author' | 'visitor';
type Path = 'feed' | 'profile' | '/p' | 'comments' | 'like' | 'share' | 'search' | 'notifications';
const PATHS: Path[] = ['feed', 'profile', '/p', 'comments', 'like', 'share', 'search', 'notifications'];

/** Who sees a post of each audience (of a public account; the private-account row follows). */
const SEES: Record<Audience, Record<Viewer, boolean>> = {
  public: { stranger: true, follower: true, friend: true, blocked: false, author: true, visitor: true },
  followers: { stranger: false, follower: true, friend: true, blocked: false, author: true, visitor: false },
  friends: { stranger: false, follower: false, friend: true, blocked: false, author: true, visitor: false },
  only_me: { stranger: false, follower: false, friend: false, blocked: false, author: true, visitor: false },
};

describe('who sees a post: audience × viewer × path', () => {
  let author: Member;
  let viewers: Record<Exclude<Viewer, 'visitor'>, Member>;
  beforeAll(async () => {
    author = await member();
    const [stranger, follower, friend, blocked] = await Promise.all([member(), member(), member(), member()]);
    viewers = { stranger: stranger, follower: follower, friend: friend, blocked: blocked, author };
    await follow(follower, author);
    await follow(friend, author);
    await follow(author, friend);
    await follow(blocked, author);
    await ok(ask(author.socket, Events.blockUser, { username: blocked.username }));
  });

  for (const audience of Object.keys(SEES) as Audience[]) {
    it(`a post for ${audience}`, async () => {
      const word = `zq${audience.replace('_', '')}${Date.now().toString(36)}`;
      const mentions = ['stranger', 'follower', 'friend', 'blocked'] as const;
      const p = await post(author, `${word} for ${mentions.map((v) => `@${viewers[v].username}`).join(' ')}`, {
        audience,
      });
      expect(p.audience).toBe(audience);
      for (const viewer of Object.keys(SEES[audience]) as Viewer[]) {
        const expected = SEES[audience][viewer];
        if (viewer === 'visitor') {
          const res = await http(null, 'GET', `/api/p/${p.post_id}`);
          expect(res.status, `visitor /p for ${audience}`).toBe(expected ? 200 : 404);
          continue;
        }
        const m = viewers[viewer];
        const seen: Record<Path, boolean> = {
          feed: await feedHas(m, p.post_id),
          profile: await profileHas(m, author, p.post_id),
          '/p': (await http(m, 'GET', `/api/p/${p.post_id}`)).status === 200,
          comments: (await ask(m.socket, Events.fetchComments, p.post_id)).ok,
          like: (await ask(m.socket, Events.likePost, { post_id: p.post_id })).ok,
          share: (await ask(m.socket, Events.sharePost, { post_id: p.post_id, network: 'copy', ref: 'privacy1' })).ok,
          search: await searchHas(m, word, p.post_id),
          // The author is never told of their own mention: the row is about the others.
          notifications: viewer === 'author' ? expected : await mentionedAbout(m, p.post_id),
        };
        const want = Object.fromEntries(PATHS.map((path) => [path, expected]));
        expect(seen, `${viewer} on a ${audience} post`).toEqual(want);
      }
    });
  }

  it('a private account: its "everyone" posts are for approved followers only', async () => {
    expect((await http(author, 'PATCH', '/api/settings/privacy', { privateAccount: true })).status).toBe(200);
    try {
      const p = await post(author, `zqprivate${Date.now().toString(36)}`, { audience: 'public' });
      expect(await feedHas(viewers.follower, p.post_id)).toBe(true);
      expect(await profileHas(viewers.follower, author, p.post_id)).toBe(true);
      expect(await feedHas(viewers.stranger, p.post_id)).toBe(false);
      expect((await http(viewers.stranger, 'GET', `/api/p/${p.post_id}`)).status).toBe(404);
      expect((await http(null, 'GET', `/api/p/${p.post_id}`)).status).toBe(404);
      const locked = await ask(viewers.stranger.socket, Events.fetchProfilePosts, { username: author.username });
      expect(locked).toEqual({ ok: false, error: PrivacyText.privateAccount });
    } finally {
      await http(author, 'PATCH', '/api/settings/privacy', { privateAccount: false });
    }
  });
});

describe('private accounts and follow requests', () => {
  it('a follow becomes a request the member approves or declines; going public approves the rest', async () => {
    const [owner, asker, other, late] = await Promise.all([member(), member(), member(), member()]);
    const saved = privacyAnswerSchema.parse(
      (await http(owner, 'PATCH', '/api/settings/privacy', { privateAccount: true })).body,
    );
    expect(saved.settings.privateAccount).toBe(true);

    // Asking: "Requested" on the profile, a notification for the owner, no follow yet.
    expect((await follow(asker, owner)).message).toBe(PrivacyText.requested);
    const profile = await ok<ProfileDto>(ask(asker.socket, Events.fetchProfile, { username: owner.username }));
    expect(profile).toMatchObject({ private: true, requested: true, locked: true, following: false });
    expect(await ask(asker.socket, Events.follow, { username: owner.username })).toEqual({
      ok: false,
      error: PrivacyText.alreadyRequested,
    });
    const [notice] = await t.db
      .select({ message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.userId, owner.id), eq(notifications.type, 'follow')));
    expect(notice?.message).toBe(PrivacyText.requestNotice(asker.username));
    expect(await ask(asker.socket, Events.getFollowers, { username: owner.username })).toEqual({
      ok: false,
      error: PrivacyText.privateAccount,
    });

    // Approving: the asker follows and sees the lists; declining: the other does not.
    await follow(other, owner);
    const listed = followRequestsAnswerSchema.parse((await http(owner, 'GET', '/api/follow-requests')).body);
    expect(listed.requests.map((r) => r.username).sort()).toEqual([asker.username, other.username].sort());
    expect((await http(owner, 'POST', `/api/follow-requests/${asker.username}`, { approve: true })).body.message).toBe(
      PrivacyText.approved,
    );
    expect((await http(owner, 'POST', `/api/follow-requests/${other.username}`, { approve: false })).body.message).toBe(
      PrivacyText.declined,
    );
    expect((await http(owner, 'POST', `/api/follow-requests/${other.username}`, { approve: true })).status).toBe(404);
    const now = await ok<ProfileDto>(ask(asker.socket, Events.fetchProfile, { username: owner.username }));
    expect(now).toMatchObject({ following: true, locked: false, requested: false });
    expect((await ask(asker.socket, Events.getFollowers, { username: owner.username })).ok).toBe(true);
    const p = await post(owner, 'for my approved followers');
    expect(await profileHas(asker, owner, p.post_id)).toBe(true);
    expect(await profileHas(other, owner, p.post_id)).toBe(false);

    // A request can be withdrawn with the same button; turning private off approves what waits.
    expect((await follow(other, owner)).message).toBe(PrivacyText.requested);
    expect(
      (await ok<{ message: string }>(ask(other.socket, Events.unfollow, { username: owner.username }))).message,
    ).toBe(PrivacyText.requestWithdrawn);
    await follow(late, owner);
    await http(owner, 'PATCH', '/api/settings/privacy', { privateAccount: false });
    const followers = await t.db.select().from(follows).where(eq(follows.followeeId, owner.id));
    expect(followers.map((f) => f.followerId).sort()).toEqual([asker.id, late.id].sort());
    expect(followRequestsAnswerSchema.parse((await http(owner, 'GET', '/api/follow-requests')).body).requests).toEqual(
      [],
    );
  });

  it('refuses a bad settings body with a clear message and changes nothing', async () => {
    const m = await member();
    const bad = await http(m, 'PATCH', '/api/settings/privacy', { messages: 'strangers' });
    expect(bad.status).toBe(400);
    expect(typeof bad.body.message).toBe('string');
    const unknown = await http(m, 'PATCH', '/api/settings/privacy', { privateAccount: true, admin: true });
    expect(unknown.status).toBe(400);
    const now = privacyAnswerSchema.parse((await http(m, 'GET', '/api/settings/privacy')).body);
    expect(now.settings).toEqual({
      privateAccount: false,
      defaultAudience: 'public',
      defaultReplies: 'everyone',
      messages: 'everyone',
      calls: 'everyone',
      showSensitive: false,
    });
  });
});

describe('changing the audience when editing', () => {
  it('narrows the post at once, and the new text reaches only the author live', async () => {
    const [author, follower] = await Promise.all([member(), member()]);
    await follow(follower, author);
    const p = await post(author, 'for my followers', { audience: 'followers' });
    // The follower opens it: their socket is in the post's room.
    await ok(ask(follower.socket, Events.fetchOnePost, { post_id: p.post_id }));
    const heard = collect<{ post_id: string }>(follower.socket, Events.postMutationResult);
    const toAuthor = nextEvent<{ audience?: string; content?: string }>(author.socket, Events.postMutationResult);
    await ok(
      ask(author.socket, Events.editPost, { post_id: p.post_id, content: 'only mine now', audience: 'only_me' }),
    );
    expect(await toAuthor).toMatchObject({ audience: 'only_me', content: 'only mine now' });
    // A round trip on the follower's connection: anything emitted to it before has arrived by now.
    expect(await ask(follower.socket, Events.fetchOnePost, { post_id: p.post_id })).toEqual({
      ok: false,
      error: PrivacyText.postUnavailable,
    });
    expect(heard).toEqual([]);
  });
});

describe('who may reply', () => {
  it('"people I follow" and "nobody" refuse others with a reason; the author always may', async () => {
    const [author, followed, stranger] = await Promise.all([member(), member(), member()]);
    await follow(author, followed);
    const following = await post(author, 'replies from people I follow', { replies: 'following' });
    const comment = (m: Member, postId: string) => ask(m.socket, Events.addComment, { postId, comment: 'hello' });
    expect((await comment(followed, following.post_id)).ok).toBe(true);
    expect(await comment(stranger, following.post_id)).toEqual({ ok: false, error: PrivacyText.repliesFollowingOnly });
    const seen = await ok<PostDto>(ask(stranger.socket, Events.fetchOnePost, { post_id: following.post_id }));
    expect(seen.canReply).toBe(false);

    const closed = await post(author, 'no replies', { replies: 'nobody' });
    expect(await comment(followed, closed.post_id)).toEqual({ ok: false, error: PrivacyText.repliesClosed });
    expect((await comment(author, closed.post_id)).ok).toBe(true);

    // Changed when editing: replies open again.
    await ok(
      ask(author.socket, Events.editPost, { post_id: closed.post_id, content: 'open now', replies: 'everyone' }),
    );
    expect((await comment(stranger, closed.post_id)).ok).toBe(true);
  });
});

describe('who may message or call', () => {
  it('"friends" refuses a stranger\'s first message with a reason; a friend writes; a chat they wrote in stays open', async () => {
    const [me, stranger, friend] = await Promise.all([member(), member(), member()]);
    await http(me, 'PATCH', '/api/settings/privacy', { messages: 'friends', calls: 'nobody' });
    await follow(me, friend);
    await follow(friend, me);
    const refusal = PrivacyText.cannotMessageFriends(me.name);
    expect(await ask(stranger.socket, Events.startChat, { to_uid: me.id })).toEqual({ ok: false, error: refusal });
    expect(await ask(stranger.socket, Events.sendMessage, { id: 'first-1', message: 'hi', to_uid: me.id })).toEqual({
      ok: false,
      error: refusal,
    });
    expect((await ask(friend.socket, Events.sendMessage, { id: 'friend-1', message: 'hi', to_uid: me.id })).ok).toBe(
      true,
    );
    // I write to the stranger first: they may answer in that chat.
    const mine = await ok<{ chatId: string }>(
      ask(me.socket, Events.sendMessage, { id: 'me-1', message: 'hello stranger', to_uid: stranger.id }),
    );
    expect(
      (await ask(stranger.socket, Events.sendMessage, { id: 'back-1', message: 'hi back', to_cid: mine.chatId })).ok,
    ).toBe(true);

    // Calls: "nobody" refuses everyone with the reason, before anything rings.
    const call = await connectSocket(t.url, friend.cookie, '/realcall');
    sockets.push(call);
    expect(await ask(call, Events.createRoom, { userUid: me.id })).toEqual({
      ok: false,
      error: PrivacyText.cannotCallNobody(me.name),
    });
  });
});

describe('sensitive media', () => {
  it('the author marks a photo sensitive; a post without media has nothing to mark', async () => {
    const m = await member();
    const png = new Blob(
      [
        Buffer.from(
          'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
          'base64',
        ),
      ],
      { type: 'image/png' },
    );
    const marked = await post(m, 'a photo', { sensitive: 'true' }, png);
    expect(marked.sensitive).toBe(true);
    const plain = await post(m, 'just words', { sensitive: 'true' });
    expect(plain.sensitive).toBe(false);
    const settings = privacyAnswerSchema.parse(
      (await http(m, 'PATCH', '/api/settings/privacy', { showSensitive: true })).body,
    );
    expect(settings.settings.showSensitive).toBe(true);
  });
});
