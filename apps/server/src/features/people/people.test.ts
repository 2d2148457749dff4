import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import {
  Events,
  Messages,
  PeopleMessages,
  type ChatDto,
  type FriendRow,
  type NotificationDto,
  type PostDto,
  type ProfileDto,
} from '@sajha/contract';
import { followNotices, follows, notifications, posts, users } from '../../db/schema.js';
import { createPost } from '../posts/service.js';
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
} from '../../../test/harness.js';

const refused = (error: string) => ({ ok: false, error });

describe('people over /real', () => {
  let t: TestApp;
  const sockets: TestSocket[] = [];
  interface M extends TestUser {
    s: TestSocket;
  }
  async function member(over: Partial<TestUser> = {}): Promise<M> {
    const u = await createUser(t.db, over);
    const s = await connectSocket(t.url, await sessionCookie(t.db, u.id));
    sockets.push(s);
    return { ...u, s };
  }
  const followRows = async (a: string, b: string) =>
    (
      await t.db
        .select({ n: count() })
        .from(follows)
        .where(and(eq(follows.followerId, a), eq(follows.followeeId, b)))
    )[0]!.n;
  async function addPost(authorId: string, content: string, createdAt = new Date()): Promise<string> {
    const id = randomUUID();
    await t.db.insert(posts).values({ id, authorId, content, createdAt });
    return id;
  }

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t?.close();
  });

  it('requires sign-in', async () => {
    await expect(connectSocket(t.url)).rejects.toThrow(/unauthorized/);
  });

  it('fetchProfile: self without a username, others by any case or @, public fields only', async () => {
    const a = await member({ name: 'Asha Gurung' });
    const b = await member({ name: 'Bikash Thapa' });
    await t.db
      .update(users)
      .set({ phone: '+977-9800000001', dob: '1999/01/02', location: 'Pokhara', bio: 'Photos of hills' })
      .where(eq(users.id, b.id));

    const mine = nextEvent<ProfileDto>(a.s, Events.userProfile);
    rawEmit(a.s, Events.fetchProfile, {});
    expect(await mine).toMatchObject({ username: a.username, name: 'Asha Gurung', self: true });

    const theirs = nextEvent<ProfileDto>(a.s, Events.userProfile);
    rawEmit(a.s, Events.fetchProfile, { username: `@${b.username.toUpperCase()}` });
    const p = await theirs;
    expect(p).toMatchObject({
      uid: b.id,
      username: b.username,
      bio: 'Photos of hills',
      self: false,
      following: false,
      followsYou: false,
      blocked: false,
      counts: { followers: 0, following: 0, posts: 0 },
    });
    const json = JSON.stringify(p);
    for (const secret of [b.email, '+977-9800000001', '1999/01/02', 'Pokhara', 'password', 'email', 'phone', 'dob']) {
      expect(json).not.toContain(secret);
    }
    // Every people payload, not just the profile, is free of private fields.
    await ok(ask(a.s, Events.follow, { username: b.username }));
    for (const [event, payload] of [
      [Events.getFollowing, {}],
      [Events.searchFriends, b.username],
      [Events.fetchCounts, { username: b.username }],
      [Events.fetchSocials, { username: b.username }],
    ] as const) {
      const text = JSON.stringify(await ok(ask(a.s, event, payload)));
      for (const secret of [b.email, '+977-9800000001', '1999/01/02', 'Pokhara']) expect(text).not.toContain(secret);
    }
    await ok(ask(a.s, Events.unfollow, { username: b.username }));

    const err = nextEvent<{ message: string }>(a.s, Events.error);
    rawEmit(a.s, Events.fetchProfile, { username: 'nobody_here_at_all' });
    expect((await err).message).toBe(PeopleMessages.notFound);
    // A member who has not verified their email is not there yet.
    const unverified = await createUser(t.db, { verified: false });
    expect(await ask(a.s, Events.fetchProfile, { username: unverified.username })).toEqual(
      refused(PeopleMessages.notFound),
    );
    expect(await ask(a.s, Events.fetchProfile, { username: 42 })).toMatchObject({ ok: false });
  });

  it('aF/uF: the exact messages, one row, clear refusals, counts from the database', async () => {
    const a = await member();
    const b = await member();

    const followed = nextEvent<{ message: string }>(a.s, Events.followResult);
    rawEmit(a.s, Events.follow, { username: b.username });
    expect(await followed).toEqual({ message: 'User followed successfully.' });
    expect(await followRows(a.id, b.id)).toBe(1);

    const twice = nextEvent<{ message: string }>(a.s, Events.followResult);
    rawEmit(a.s, Events.follow, { username: `@${b.username}` });
    expect(await twice).toEqual({ message: PeopleMessages.alreadyFollowing });
    expect(await followRows(a.id, b.id)).toBe(1);

    expect(await ask(a.s, Events.follow, { username: a.username })).toEqual(refused(PeopleMessages.followSelf));
    expect(await ask(a.s, Events.follow, { username: 'no_such_member_x' })).toEqual(refused(PeopleMessages.notFound));
    expect(await followRows(a.id, a.id)).toBe(0);

    expect(await ok(ask(b.s, Events.fetchCounts, {}))).toEqual({ followers: 1, following: 0, posts: 0 });
    const counts = nextEvent(a.s, Events.counts);
    rawEmit(a.s, Events.fetchCounts, { username: b.username });
    expect(await counts).toEqual({ followers: 1, following: 0, posts: 0 });

    const unfollowed = nextEvent<{ message: string }>(a.s, Events.unfollowResult);
    rawEmit(a.s, Events.unfollow, { username: b.username });
    expect(await unfollowed).toEqual({ message: 'User unfollowed successfully.' });
    expect(await followRows(a.id, b.id)).toBe(0);
    const again = nextEvent<{ message: string }>(a.s, Events.unfollowResult);
    rawEmit(a.s, Events.unfollow, { username: b.username });
    expect(await again).toEqual({ message: PeopleMessages.notFollowing });
    expect(await ask(a.s, Events.unfollow, { username: 'no_such_member_x' })).toEqual(refused(PeopleMessages.notFound));
  });

  it('a follow notifies the followee once a day, with a link to the follower', async () => {
    const a = await member();
    const b = await member();
    const told = nextEvent<NotificationDto>(b.s, Events.notification);
    await ok(ask(a.s, Events.follow, { username: b.username }));
    const n = await told;
    expect(n).toMatchObject({ type: 'follow', message: `@${a.username} started following you` });
    expect(n.actions[0]?.url).toBe(`/u/@${a.username}`);

    const followNotes = async () =>
      (
        await t.db
          .select({ n: count() })
          .from(notifications)
          .where(and(eq(notifications.userId, b.id), eq(notifications.type, 'follow')))
      )[0]!.n;
    await ok(ask(a.s, Events.unfollow, { username: b.username }));
    await ok(ask(a.s, Events.follow, { username: b.username }));
    expect(await followNotes()).toBe(1);

    // A day later a re-follow is news again.
    await t.db
      .update(followNotices)
      .set({ notifiedAt: sql`now() - interval '25 hours'` })
      .where(eq(followNotices.followerId, a.id));
    await ok(ask(a.s, Events.unfollow, { username: b.username }));
    const toldAgain = nextEvent<NotificationDto>(b.s, Events.notification);
    await ok(ask(a.s, Events.follow, { username: b.username }));
    expect((await toldAgain).type).toBe('follow');
    expect(await followNotes()).toBe(2);
  });

  it('gFL/gFG for me and for {username}, with following flags and mutual friends', async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    // a <-> b friends, b <-> c friends, a -> c.
    await ok(ask(a.s, Events.follow, { username: b.username }));
    await ok(ask(b.s, Events.follow, { username: a.username }));
    await ok(ask(b.s, Events.follow, { username: c.username }));
    await ok(ask(c.s, Events.follow, { username: b.username }));
    await ok(ask(a.s, Events.follow, { username: c.username }));

    const followers = nextEvent<FriendRow[]>(c.s, Events.followers);
    rawEmit(c.s, Events.getFollowers);
    const list = await followers;
    expect(list.map((r) => r.username).sort()).toEqual([a.username, b.username].sort());
    // c follows b back, not a; a and c share one friend (b).
    expect(list.find((r) => r.id === b.id)).toMatchObject({ following: true, mutual: 0 });
    expect(list.find((r) => r.id === a.id)).toMatchObject({ following: false, mutual: 1 });

    const ofB = nextEvent<FriendRow[]>(c.s, Events.following);
    rawEmit(c.s, Events.getFollowing, { username: b.username });
    expect((await ofB).map((r) => r.username).sort()).toEqual([a.username, c.username].sort());

    const mine = await ok<FriendRow[]>(ask(a.s, Events.getFollowing, {}));
    expect(mine.map((r) => r.username).sort()).toEqual([b.username, c.username].sort());
    expect(mine.every((r) => r.following)).toBe(true);
    expect(await ask(a.s, Events.getFollowers, { username: 'no_such_member_x' })).toEqual(
      refused(PeopleMessages.notFound),
    );
  });

  it('sF: more than 2 characters, prefix of name or username in any case, with mutual counts', async () => {
    const tag = randomUUID().slice(0, 6);
    const a = await member({ username: `zq${tag}_a`, name: 'Searcher' });
    const bina = await member({ username: `zq${tag}_bina`, name: `Xylo${tag} Rai` });
    await member({ username: `other${tag}`, name: `Zq${tag} Person` });

    const found = nextEvent<FriendRow[]>(a.s, Events.searchFriendsResult);
    rawEmit(a.s, Events.searchFriends, `ZQ${tag}`);
    const rows = await found;
    expect(rows.map((r) => r.username).sort()).toEqual([`other${tag}`, `zq${tag}_bina`].sort());
    expect(rows.every((r) => typeof r.mutual === 'number' && r.name && 'avatar' in r)).toBe(true);

    const byName = await ok<FriendRow[]>(ask(a.s, Events.searchFriends, `xylo${tag}`));
    expect(byName.map((r) => r.id)).toEqual([bina.id]);
    // Not a substring search: the middle of a name does not match.
    expect(await ok<FriendRow[]>(ask(a.s, Events.searchFriends, `${tag}_bina`))).toEqual([]);
    expect(await ok<FriendRow[]>(ask(a.s, Events.searchFriends, 'zq'))).toEqual([]);
    // LIKE wildcards are plain characters.
    expect(await ok<FriendRow[]>(ask(a.s, Events.searchFriends, '%%%'))).toEqual([]);
  });

  it('gFS ranks friends of follows by mutual friends, then recent activity; never me, followed or blocked', async () => {
    const me = await member();
    const f1 = await member();
    const f2 = await member();
    const x = await member(); // followed by f1 and f2, friend of both: 2 mutual friends
    const y = await member(); // followed by f1, friend of f1: 1 mutual friend
    const z = await member(); // followed by f2, no friendship, but posted just now
    const w = await member(); // followed by f1, no friendship, never posted
    const blocker = await member(); // followed by f1 and friend of both, but blocks me
    const already = await member(); // followed by f1, but I follow them already
    const fol = async (from: M, to: M) => ok(ask(from.s, Events.follow, { username: to.username }));
    for (const f of [f1, f2]) {
      await fol(me, f);
      await fol(f, me);
    }
    for (const [a, b] of [
      [f1, x],
      [x, f1],
      [f2, x],
      [x, f2],
      [f1, y],
      [y, f1],
      [f2, z],
      [f1, w],
      [f1, blocker],
      [blocker, f1],
      [f2, blocker],
      [blocker, f2],
      [f1, already],
      [me, already],
    ] as const)
      await fol(a, b);
    await addPost(z.id, 'fresh', new Date());
    await addPost(w.id, 'old', new Date(Date.now() - 400 * 24 * 3600 * 1000));
    await t.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 500 * 24 * 3600 * 1000) })
      .where(eq(users.id, w.id));
    await ok(ask(blocker.s, Events.blockUser, { username: me.username }));

    const got = nextEvent<FriendRow[]>(me.s, Events.friendSuggestions);
    rawEmit(me.s, Events.getFriendSuggestions);
    const list = await got;
    const ids = list.map((r) => r.id);
    expect(ids.slice(0, 4)).toEqual([x.id, y.id, z.id, w.id]);
    expect(list[0]).toMatchObject({ mutual: 2, following: false, username: x.username });
    expect(list[1]).toMatchObject({ mutual: 1 });
    for (const never of [me.id, f1.id, f2.id, already.id, blocker.id]) expect(ids).not.toContain(never);
  });

  it('gFS gives a newcomer with no graph the members who posted lately', async () => {
    const active = await member();
    await addPost(active.id, 'I post a lot');
    const newcomer = await member();
    const list = await ok<FriendRow[]>(ask(newcomer.s, Events.getFriendSuggestions));
    expect(list.length).toBeGreaterThan(0);
    expect(list[0]?.id).toBe(active.id);
    expect(list.map((r) => r.id)).not.toContain(newcomer.id);
  });

  it('fetchProfilePosts: newest first, 10 a page, no duplicates while posts are inserted', async () => {
    const a = await member();
    const b = await member();
    const base = Date.now() - 3600_000;
    const written: string[] = [];
    for (let i = 0; i < 25; i++) written.push(await addPost(b.id, `post ${i}`, new Date(base + i * 1000)));

    const first = nextEvent<{ posts: PostDto[] }>(a.s, Events.profilePosts);
    rawEmit(a.s, Events.fetchProfilePosts, { username: b.username, offset: 0, limit: 10 });
    const seen = (await first).posts;
    expect(seen.map((p) => p.content)).toEqual(Array.from({ length: 10 }, (_, i) => `post ${24 - i}`));
    expect(seen.every((p) => p.owner === false && p.username === b.username)).toBe(true);

    let offset = 10;
    for (;;) {
      // Someone posts between every page: the cursor keeps the next page where the last one ended.
      await addPost(b.id, `new while paging ${offset}`);
      const last = seen.at(-1)!;
      const got = nextEvent<{ posts: PostDto[] }>(a.s, Events.profilePosts);
      rawEmit(a.s, Events.fetchProfilePosts, {
        username: b.username,
        offset,
        limit: 10,
        before: { post_id: last.post_id, timestamp: last.timestamp },
      });
      const next = (await got).posts;
      seen.push(...next);
      offset += 10;
      if (next.length < 10) break;
    }
    const ids = seen.map((p) => p.post_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...written].reverse());

    // Own posts carry the owner flag; counts include them.
    const own = await ok<{ posts: PostDto[] }>(ask(b.s, Events.fetchProfilePosts, { offset: 0, limit: 10 }));
    expect(own.posts.map((p) => p.owner)).toEqual(Array(10).fill(true));
    expect((await ok<{ posts: number }>(ask(a.s, Events.fetchCounts, { username: b.username }))).posts).toBe(27);
    expect(await ask(a.s, Events.fetchProfilePosts, { username: 'no_such_member_x', offset: 0 })).toEqual(
      refused(PeopleMessages.notFound),
    );
  });

  it('blocking really blocks, both ways, and keeps chat history', async () => {
    const a = await member({ name: 'Blocked Member' });
    const b = await member({ name: 'Blocking Member' });
    const c = await member();
    // History and a friendship before the block.
    const chat = await ok<ChatDto>(ask(a.s, Events.startChat, { username: b.username }));
    await ok(ask(a.s, Events.sendMessage, { message: 'hello before', to_cid: chat.id }));
    await ok(ask(a.s, Events.follow, { username: b.username }));
    await ok(ask(b.s, Events.follow, { username: a.username }));
    const bPost = await createPost(t.app.deps, { ...b, avatar: null }, { content: 'My trek' }, []);
    await t.db.update(users).set({ bio: 'Spotlight me' }).where(eq(users.id, b.id));

    const result = nextEvent<{ success: boolean; message: string; username?: string }>(b.s, Events.blockResult);
    rawEmit(b.s, Events.blockUser, { username: a.username });
    expect(await result).toEqual({ success: true, message: PeopleMessages.blocked, username: a.username });
    expect(await followRows(a.id, b.id)).toBe(0);
    expect(await followRows(b.id, a.id)).toBe(0);
    expect(await ask(b.s, Events.blockUser, { username: a.username })).toEqual(refused(PeopleMessages.alreadyBlocked));
    expect(await ask(b.s, Events.blockUser, { username: b.username })).toEqual(refused(PeopleMessages.blockSelf));
    const list = nextEvent<FriendRow[]>(b.s, Events.blockedUsers);
    rawEmit(b.s, Events.getBlocked);
    expect((await list).map((r) => r.username)).toEqual([a.username]);

    // The blocked member: the blocker is as unknown, can't be followed, messaged, commented on, found.
    expect(await ask(a.s, Events.fetchProfile, { username: b.username })).toEqual(refused(PeopleMessages.notFound));
    expect(await ask(a.s, Events.fetchProfilePosts, { username: b.username })).toEqual(
      refused(PeopleMessages.notFound),
    );
    expect(await ask(a.s, Events.fetchCounts, { username: b.username })).toEqual(refused(PeopleMessages.notFound));
    const aFR = nextEvent<{ message: string }>(a.s, Events.followResult);
    rawEmit(a.s, Events.follow, { username: b.username });
    expect((await aFR).message).toBe(PeopleMessages.notFound);
    expect(await followRows(a.id, b.id)).toBe(0);
    expect(await ask(a.s, Events.startChat, { username: b.username })).toEqual(refused(Messages.chat.userNotFound));
    expect(await ask(a.s, Events.sendMessage, { message: 'let me in', to_cid: chat.id })).toEqual(
      refused(PeopleMessages.cannotMessage),
    );
    expect(await ask(a.s, Events.sendMessage, { message: 'new chat', to_uid: b.id })).toEqual(
      refused(Messages.chat.userNotFound),
    );
    expect(await ask(a.s, Events.addComment, { postId: bPost.post_id, comment: 'hi' })).toEqual(
      refused(PeopleMessages.cannotComment),
    );
    expect(await ok<FriendRow[]>(ask(a.s, Events.searchFriends, b.username))).toEqual([]);
    expect(await ok<unknown[]>(ask(a.s, Events.searchUser, b.username))).toEqual([]);
    expect((await ok<FriendRow[]>(ask(a.s, Events.getFriendSuggestions))).map((r) => r.id)).not.toContain(b.id);
    // The blocker can't message either (a block is mutual in effect), but sees whom they blocked.
    expect(await ask(b.s, Events.sendMessage, { message: 'x', to_cid: chat.id })).toEqual(
      refused(PeopleMessages.cannotMessage),
    );
    expect(await ok<ProfileDto>(ask(b.s, Events.fetchProfile, { username: a.username }))).toMatchObject({
      blocked: true,
      following: false,
    });
    // History stays for the blocker (to read back, or report); the member they blocked no longer sees the chat.
    const history = await ok<{ content: string }[]>(ask(b.s, Events.getMessages, chat.id));
    expect(history.map((m) => m.content)).toContain('hello before');
    expect(await ask(a.s, Events.getMessages, chat.id)).toEqual(refused(Messages.chat.notMember));
    expect((await ok<ChatDto[]>(ask(a.s, Events.getChats))).map((c) => c.id)).not.toContain(chat.id);
    expect((await ok<ChatDto[]>(ask(b.s, Events.getChats))).map((c) => c.id)).toContain(chat.id);

    // A mention by the blocked member tells the blocker nothing; the same mention of c does.
    const before = await t.db.select({ n: count() }).from(notifications).where(eq(notifications.userId, b.id));
    const cTold = nextEvent<NotificationDto>(c.s, Events.notification);
    await createPost(t.app.deps, { ...a, avatar: null }, { content: `Hi @${b.username} and @${c.username}` }, []);
    expect((await cTold).type).toBe('mention');
    const after = await t.db.select({ n: count() }).from(notifications).where(eq(notifications.userId, b.id));
    expect(after[0]!.n).toBe(before[0]!.n);

    // Spotlight never shows the blocker to the blocked member.
    for (let i = 0; i < 3; i++) {
      const spot = nextEvent<{ username: string } | null>(a.s, Events.spotlightUser);
      rawEmit(a.s, Events.getSpotlight);
      expect((await spot)?.username).not.toBe(b.username);
    }
    const { spotlight } = await import('../posts/home.js');
    // Leave b the only member the spotlight can pick.
    await t.db
      .update(users)
      .set({ bio: '', avatar: null })
      .where(sql`${users.id} <> ${b.id}`);
    await t.db.delete(posts).where(sql`${posts.authorId} <> ${b.id}`);
    expect((await spotlight(t.app.deps, c.id))?.username).toBe(b.username);
    expect(await spotlight(t.app.deps, a.id)).toBeNull();

    // Unblock: things work again.
    const un = nextEvent<{ success: boolean; message: string }>(b.s, Events.blockResult);
    rawEmit(b.s, Events.unblockUser, { username: `@${a.username}` });
    expect(await un).toMatchObject({ success: true, message: PeopleMessages.unblocked });
    expect(await ask(b.s, Events.unblockUser, { username: a.username })).toEqual(refused(PeopleMessages.notBlocked));
    expect((await ok<ProfileDto>(ask(a.s, Events.fetchProfile, { username: b.username }))).username).toBe(b.username);
    await ok(ask(a.s, Events.sendMessage, { message: 'thanks', to_cid: chat.id }));
    await ok(ask(a.s, Events.follow, { username: b.username }));
  });

  it('refuses malformed payloads with error {message}', async () => {
    const a = await member();
    const err = nextEvent<{ message: string; event?: string }>(a.s, Events.error);
    rawEmit(a.s, Events.follow, { username: '' });
    expect((await err).event).toBe(Events.follow);
    expect(await ask(a.s, Events.blockUser, {})).toMatchObject({ ok: false });
    expect(await ask(a.s, Events.fetchProfilePosts, { offset: -1 })).toMatchObject({ ok: false });
  });
});
