/**
 * Feed latency with 100,000 posts: fetchPosts' work (candidates with the category total, hydration with
 * media and viewer likes, block rules) measured through the server's own feed pipeline on PGlite and on
 * PostgreSQL, each printed beside a bare `SELECT 1` round trip through the same client in the same run,
 * so the ratio says what the feed costs over the client's own overhead. The two are timed alternately
 * (one feed page, one SELECT 1) so both see the same machine; each back end is measured twice.
 * Goal (issue 17): fetchPosts p99 <= 10x SELECT 1's p99.
 *
 * At scale (issue 39, goal 5): 1,000,000 posts by 100,000 members over a year, the viewer following 1,000
 * of them (300 follow back), a tenth of posts for followers and a twentieth for friends, one member in a
 * hundred private: the first page and the next page (by the cursor) of the home feed, each p99 <= 10x
 * SELECT 1's p99 of the same run. FEED_BENCH_SCALE_POSTS changes the number of posts (members a tenth).
 *
 *   npx tsx bench/feed.ts          # PostgreSQL part runs when DATABASE_URL (or a local server) is reachable
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { FEED_CATEGORIES } from '@sajha/contract';
import type { AppDeps } from '../apps/server/src/deps.js';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { homeFeed } from '../apps/server/src/features/feed/home.js';
import { freshPostgresDatabase } from '../apps/server/test/harness.js';
import { percentile } from './stats.js';

const POSTS = 100_000;
const USERS = 1_000;
const RUNS = 400;
const WARMUP = 40;
const SCALE_POSTS = Number(process.env.FEED_BENCH_SCALE_POSTS ?? 1_000_000);
const SCALE_MEMBERS = Math.round(SCALE_POSTS / 10);
const SCALE_FOLLOWING = 1_000;

async function seed(db: Database['db']): Promise<string> {
  const viewer = randomUUID();
  await db.execute(sql`
    insert into users (id, name, username, email, email_verified_at)
    select gen_random_uuid(), 'Bench ' || g, 'bench_' || g, 'bench' || g || '@example.test', now()
    from generate_series(1, ${USERS}) g`);
  await db.execute(sql`
    insert into users (id, name, username, email, email_verified_at)
    values (${viewer}, 'Viewer', 'bench_viewer', 'viewer@example.test', now())`);
  await db.execute(sql`
    insert into posts (id, author_id, content, category, like_count, created_at)
    select gen_random_uuid(),
           (array(select id from users order by id))[1 + (g % ${USERS})],
           'Bench post number ' || g || ' from the valley',
           (array['travel','food','entertainment','tech','sports','spiritual','lifestyle', null])[1 + (g % 8)],
           g % 50,
           now() - (g || ' seconds')::interval
    from generate_series(1, ${POSTS}) g`);
  // One post in ten has a photo; the viewer has liked one in twenty.
  await db.execute(sql`
    insert into files (id, owner_id, purpose, storage_key, mime, bytes, width, height)
    select gen_random_uuid(), p.author_id, 'post', 'post/' || replace(p.id::text, '-', '') || '.jpg', 'image/jpeg', 1000, 800, 600
    from posts p where abs(hashtext(p.id::text)) % 10 = 0`);
  await db.execute(sql`
    insert into post_media (post_id, file_id, position)
    select p.id, f.id, 0 from posts p
    join files f on f.storage_key = 'post/' || replace(p.id::text, '-', '') || '.jpg'`);
  await db.execute(sql`
    insert into likes (kind, subject_id, user_id)
    select 'post', id, ${viewer} from posts where abs(hashtext(id::text)) % 20 = 0`);
  await db.execute(sql`analyze`);
  return viewer;
}

type Timing = { p50: number; p99: number };

function summary(samples: number[]): Timing {
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

/** Alternates the two so a busy moment of the machine lands on both, not on one. */
async function timeBoth(
  runs: number,
  a: (i: number) => Promise<unknown>,
  b: () => Promise<unknown>,
): Promise<[Timing, Timing]> {
  for (let i = 0; i < WARMUP; i++) {
    await a(i);
    await b();
  }
  const sa: number[] = [];
  const sb: number[] = [];
  for (let i = 0; i < runs; i++) {
    let t0 = performance.now();
    await a(i);
    sa.push(performance.now() - t0);
    t0 = performance.now();
    await b();
    sb.push(performance.now() - t0);
  }
  return [summary(sa), summary(sb)];
}

async function benchOne(label: string, database: Database): Promise<void> {
  const started = performance.now();
  const viewer = await seed(database.db);
  const seeded = ((performance.now() - started) / 1000).toFixed(1);
  const deps = { db: database.db } as AppDeps;
  const page = await homeFeed(deps, viewer, { category: 'all', offset: 0 });
  if (page.posts.length !== 10 || page.totalCount !== POSTS) throw new Error('bench feed returned the wrong page');
  // Mostly first pages (as people open the feed), some later pages by offset (a jump) and some by the
  // cursor the socket keeps (scrolling on), across every category.
  const cursors = new Map<string, string | null>();
  const fetchPosts = async (i: number) => {
    const category = FEED_CATEGORIES[i % FEED_CATEGORIES.length]!;
    const kind = i % 4;
    if (kind === 1) return homeFeed(deps, viewer, { category, offset: (i % 10) * 10 });
    const got = await homeFeed(deps, viewer, {
      category,
      offset: 0,
      cursor: kind === 2 ? (cursors.get(category) ?? undefined) : undefined,
    });
    cursors.set(category, got.cursor);
    return got;
  };
  const f = (ms: number) => `${ms.toFixed(2)} ms`.padStart(9);
  console.log(`${label}: seeded ${POSTS.toLocaleString('en')} posts in ${seeded} s`);
  for (const run of [1, 2]) {
    const [feed, one] = await timeBoth(RUNS, fetchPosts, () => database.db.execute(sql`select 1`));
    const ratio = feed.p99 / one.p99;
    console.log(
      `  run ${run}  fetchPosts p50 ${f(feed.p50)} p99 ${f(feed.p99)}  |  SELECT 1 p50 ${f(one.p50)} p99 ${f(one.p99)}` +
        `  |  ratio p50 ${(feed.p50 / one.p50).toFixed(1)}x  p99 ${ratio.toFixed(1)}x  (goal p99 <= 10x: ${ratio <= 10 ? 'met' : 'NOT met'})`,
    );
  }
}

/** The large data set (see the head of this file), in a fresh database; answers the viewer's id. */
async function seedAtScale(db: Database['db']): Promise<string> {
  const viewer = randomUUID();
  await db.execute(sql`
    insert into users (id, name, username, email, email_verified_at, private_account)
    select gen_random_uuid(), 'Member ' || g, 'member_' || g, 'member' || g || '@example.test', now(), g % 100 = 0
    from generate_series(1, ${SCALE_MEMBERS}) g`);
  await db.execute(sql`
    insert into users (id, name, username, email, email_verified_at)
    values (${viewer}, 'Viewer', 'scale_viewer', 'scale-viewer@example.test', now())`);
  await db.execute(sql`
    create temporary table bench_members as
    select row_number() over (order by id) as n, id from users where id <> ${viewer}`);
  await db.execute(sql`
    insert into follows (follower_id, followee_id)
    select ${viewer}, id from bench_members where n % ${Math.round(SCALE_MEMBERS / SCALE_FOLLOWING)} = 1
    limit ${SCALE_FOLLOWING}`);
  await db.execute(sql`
    insert into follows (follower_id, followee_id)
    select followee_id, follower_id from follows where follower_id = ${viewer} limit ${SCALE_FOLLOWING * 0.3}`);
  await db.execute(sql`
    insert into posts (id, author_id, content, category, audience, like_count, created_at)
    select gen_random_uuid(), m.id, 'Post number ' || g || ' from the valley',
      (array['travel','food','entertainment','tech','sports','spiritual','lifestyle', null])[1 + (g % 8)],
      case when g % 10 = 3 then 'followers' when g % 20 = 7 then 'friends' else 'public' end,
      g % 50, now() - make_interval(secs => (${SCALE_POSTS} - g) * 31.5)
    from generate_series(1, ${SCALE_POSTS}) g
    join bench_members m on m.n = 1 + (hashint4(g)::bigint & 2147483647) % ${SCALE_MEMBERS}`);
  await db.execute(sql`drop table bench_members`);
  await db.execute(sql`analyze`);
  return viewer;
}

async function benchScale(label: string, database: Database): Promise<void> {
  const started = performance.now();
  const viewer = await seedAtScale(database.db);
  const seeded = ((performance.now() - started) / 1000).toFixed(1);
  const deps = { db: database.db } as AppDeps;
  const first = await homeFeed(deps, viewer, { category: 'all', offset: 0 });
  if (first.posts.length !== 10 || !first.cursor) throw new Error('bench feed at scale returned the wrong page');
  const f = (ms: number) => `${ms.toFixed(2)} ms`.padStart(9);
  console.log(
    `${label} at scale: seeded ${SCALE_POSTS.toLocaleString('en')} posts, ${SCALE_MEMBERS.toLocaleString('en')} ` +
      `members, the viewer following ${SCALE_FOLLOWING.toLocaleString('en')}, in ${seeded} s`,
  );
  // The next page: scrolling on from each of the first few pages (each its own cursor).
  const cursors: string[] = [];
  let cursor: string | null = first.cursor;
  for (let i = 0; i < 10 && cursor; i++) {
    cursors.push(cursor);
    cursor = (await homeFeed(deps, viewer, { category: 'all', offset: 0, cursor })).cursor;
  }
  const pages = {
    'first page': () => homeFeed(deps, viewer, { category: 'all', offset: 0 }),
    'next page ': (i: number) =>
      homeFeed(deps, viewer, { category: 'all', offset: 0, cursor: cursors[i % cursors.length] }),
  };
  for (const run of [1, 2]) {
    for (const [name, fetch] of Object.entries(pages)) {
      const [feed, one] = await timeBoth(RUNS, fetch, () => database.db.execute(sql`select 1`));
      const ratio = feed.p99 / one.p99;
      console.log(
        `  run ${run}  ${name} p50 ${f(feed.p50)} p99 ${f(feed.p99)}  |  SELECT 1 p50 ${f(one.p50)} p99 ${f(one.p99)}` +
          `  |  p99 ${ratio.toFixed(1)}x  (goal p99 <= 10x: ${ratio <= 10 ? 'met' : 'NOT met'})`,
      );
    }
  }
}

async function main(): Promise<void> {
  console.log(
    `feed bench: ${POSTS.toLocaleString('en')} posts, ${RUNS} fetchPosts after ${WARMUP} warm-up, page size 10`,
  );
  const lite = await openDatabase({});
  try {
    await benchOne('PGlite', lite);
  } finally {
    await lite.close();
  }
  const liteAtScale = await openDatabase({});
  try {
    await benchScale('PGlite', liteAtScale);
  } finally {
    await liteAtScale.close();
  }
  let pg: Awaited<ReturnType<typeof freshPostgresDatabase>> | undefined;
  try {
    pg = await freshPostgresDatabase();
  } catch (err) {
    console.log(`PostgreSQL skipped: no server reachable (${(err as Error).message})`);
    return;
  }
  const database = await openDatabase({ databaseUrl: pg.url });
  try {
    await benchOne('PostgreSQL', database);
  } finally {
    await database.close();
    await pg.drop();
  }
  const pgAtScale = await freshPostgresDatabase();
  const atScale = await openDatabase({ databaseUrl: pgAtScale.url });
  try {
    await benchScale('PostgreSQL', atScale);
  } finally {
    await atScale.close();
    await pgAtScale.drop();
  }
}

await main();
