import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Events, type PostDto } from '@sajha/contract';
import { blocks, postCounts, posts, users } from '../../db/schema.js';
import {
  ask,
  collect,
  connectSocket,
  createUser,
  nextEvent,
  sessionCookie,
  startTestApp,
  type TestApp,
  type TestSocket,
  type TestUser,
} from '../../../test/harness.js';
import { decodeCursor, encodeCursor } from './pipeline.js';

type Page = { posts: PostDto[]; totalCount: number; category: string; offset: number };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
const sockets: TestSocket[] = [];
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await t?.close();
});

interface Member extends TestUser {
  cookie: string;
  socket: TestSocket;
}
async function member(): Promise<Member> {
  const u = await createUser(t.db);
  const cookie = await sessionCookie(t.db, u.id);
  const socket = await connectSocket(t.url, cookie);
  sockets.push(socket);
  return { ...u, cookie, socket };
}

async function feed(m: Member, category: string, offset = 0): Promise<Page> {
  const more = offset > 0;
  const got = nextEvent<Page>(m.socket, more ? Events.morePosts : Events.posts);
  m.socket.emit(Events.fetchPosts, { offset, more, category: category as 'all' });
  return got;
}

/** Posts straight into the table; several share one timestamp, so the id must break the tie. */
async function seed(authorId: string, category: string, n: number, base = Date.now() - 3_600_000): Promise<string[]> {
  const rows = Array.from({ length: n }, (_, i) => ({
    id: randomUUID(),
    authorId,
    content: `${category} post ${i}`,
    category,
    createdAt: new Date(base + Math.floor(i / 3) * 1000),
  }));
  await t.db.insert(posts).values(rows);
  return rows.map((r) => r.id);
}

/** The order the wire promises: newest first, then by id, as the database sorts uuids. */
async function expectedOrder(category: string): Promise<string[]> {
  const rows = await t.db
    .select({ id: posts.id })
    .from(posts)
    .where(eq(posts.category, category))
    .orderBy(sql`${posts.createdAt} desc, ${posts.id} desc`);
  return rows.map((r) => r.id);
}

describe('the home feed pipeline', () => {
  it('pages by offset with the same answers, and continues by keyset so nothing repeats or is skipped', async () => {
    const a = await member();
    const b = await member();
    await seed(a.id, 'spiritual', 25);
    const order = await expectedOrder('spiritual');

    const first = await feed(b, 'spiritual');
    expect(first.posts.map((p) => p.post_id)).toEqual(order.slice(0, 10));
    expect(first.totalCount).toBe(25);

    // Between pages a newer post arrives and one not yet seen goes. Offset paging would show
    // first page's last post again and skip one; the socket's keyset continues exactly.
    await seed(a.id, 'spiritual', 1, Date.now());
    await t.db.delete(posts).where(eq(posts.id, order[12]!));
    const second = await feed(b, 'spiritual', 10);
    expect(second.posts.map((p) => p.post_id)).toEqual([...order.slice(10, 12), ...order.slice(13, 21)]);
    expect(second).toMatchObject({ totalCount: 25, category: 'spiritual', offset: 10 });
    const third = await feed(b, 'spiritual', 20);
    expect(third.posts.map((p) => p.post_id)).toEqual(order.slice(21));

    // A fresh socket jumping to an offset is served by offset, over today's rows.
    const c = await member();
    const now = await expectedOrder('spiritual');
    expect((await feed(c, 'spiritual', 20)).posts.map((p) => p.post_id)).toEqual(now.slice(20, 30));
    expect((await feed(c, 'spiritual', 30)).posts).toEqual([]);
  });

  it('leaves out posts across a block, both ways, and keeps the pages full', async () => {
    const author = await member();
    const blocker = await member();
    const blocked = await member();
    const other = await member();
    const mine = await seed(author.id, 'lifestyle', 6);
    await seed(other.id, 'lifestyle', 12, Date.now() - 7_200_000);
    await t.db.insert(blocks).values([
      { blockerId: blocker.id, blockedId: author.id },
      { blockerId: author.id, blockedId: blocked.id },
    ]);
    for (const viewer of [blocker, blocked]) {
      const page = await feed(viewer, 'lifestyle');
      expect(page.posts).toHaveLength(10);
      expect(page.posts.some((p) => mine.includes(p.post_id))).toBe(false);
      const rest = await feed(viewer, 'lifestyle', 10);
      expect(rest.posts).toHaveLength(2);
      expect(rest.posts.some((p) => mine.includes(p.post_id))).toBe(false);
    }
    // Everyone else still sees them, newest first.
    expect((await feed(other, 'lifestyle')).posts.slice(0, 6).map((p) => p.post_id)).toEqual(
      (await expectedOrder('lifestyle')).slice(0, 6),
    );
  });

  it('keeps each category total in step with inserts, deletes and deleted accounts', async () => {
    const a = await member();
    const b = await member();
    const nonZero = (rows: { category: string; n: unknown }[]): Record<string, number> =>
      Object.fromEntries(rows.map((r) => [r.category, Number(r.n)] as const).filter(([, n]) => n !== 0));
    const counted = async () => nonZero(await t.db.select().from(postCounts));
    // The truth, counted the slow way: every post under 'all', and each category.
    const real = async () => {
      const all = await t.db.select({ n: sql<number>`count(*)::int` }).from(posts);
      const each = await t.db
        .select({ category: sql<string>`${posts.category}`, n: sql<number>`count(*)::int` })
        .from(posts)
        .where(sql`${posts.category} is not null`)
        .groupBy(posts.category);
      return nonZero([{ category: 'all', n: all[0]?.n ?? 0 }, ...each]);
    };
    await seed(a.id, 'sports', 4);
    await seed(b.id, 'sports', 3);
    await t.db.insert(posts).values({ id: randomUUID(), authorId: b.id, content: 'no category' });
    expect(await counted()).toEqual(await real());
    const [one] = await t.db.select({ id: posts.id }).from(posts).where(eq(posts.authorId, a.id)).limit(1);
    await t.db.delete(posts).where(eq(posts.id, one!.id));
    await t.db.update(posts).set({ category: 'travel' }).where(eq(posts.authorId, a.id));
    expect(await counted()).toEqual(await real());
    // An account deletion removes its posts by cascade; the totals follow.
    await t.db.delete(users).where(eq(users.id, b.id));
    expect(await counted()).toEqual(await real());
    expect((await feed(a, 'sports')).totalCount).toBe((await real()).sports ?? 0);
  });

  it('tells open feeds of a new post, but not the author nor anyone across a block', async () => {
    const author = await member();
    const reader = await member();
    const blocked = await member();
    const blocker = await member();
    await t.db.insert(blocks).values([
      { blockerId: author.id, blockedId: blocked.id },
      { blockerId: blocker.id, blockedId: author.id },
    ]);
    for (const m of [author, reader, blocked, blocker])
      expect(await ask(m.socket, Events.watchFeed)).toEqual({ ok: true });
    const leaked = [author, blocked, blocker].map((m) => collect(m.socket, Events.newPost));
    const heard = nextEvent<{ post_id: string; category: string | null }>(reader.socket, Events.newPost);
    const form = new FormData();
    form.set('content', 'Fresh momo in Patan');
    form.set('category', 'food');
    const res = await fetch(`${t.url}/api/createPost`, {
      method: 'POST',
      body: form,
      headers: { cookie: author.cookie },
    });
    const { post } = (await res.json()) as { post: PostDto };
    expect(await heard).toEqual({ post_id: post.post_id, category: 'food' });
    // Sent to every open feed at once: an answer on each other socket comes after anything sent to it before.
    await Promise.all([author, blocked, blocker].map((m) => ask(m.socket, Events.unwatchFeed)));
    expect(leaked.flat()).toEqual([]);
  });

  it('reads only its own cursors back: a forged one starts from the top', () => {
    const at = '2026-11-23 18:10:08.123456+00';
    const id = randomUUID();
    expect(decodeCursor(encodeCursor({ at, id }))).toEqual({ at, id });
    expect(decodeCursor(Buffer.from(`1'; drop table posts; --|${id}`).toString('base64url'))).toBeUndefined();
    expect(decodeCursor('not a cursor')).toBeUndefined();
    expect(decodeCursor(null)).toBeUndefined();
  });
});
