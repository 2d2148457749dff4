/**
 * Feed latency with 100,000 posts: fetchPosts' work (candidates with the category total, hydration with
 * media and viewer likes, block rules) measured through the server's own feed pipeline on PGlite and on
 * PostgreSQL, each printed beside a bare `SELECT 1` round trip through the same client in the same run,
 * so the ratio says what the feed costs over the client's own overhead. The two are timed alternately
 * (one feed page, one SELECT 1) so both see the same machine; each back end is measured twice.
 * Goal (issue 17): fetchPosts p99 <= 10x SELECT 1's p99.
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

const POSTS = 100_000;
const USERS = 1_000;
const RUNS = 400;
const WARMUP = 40;

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
    insert into post_likes (post_id, user_id)
    select id, ${viewer} from posts where abs(hashtext(id::text)) % 20 = 0`);
  await db.execute(sql`analyze`);
  return viewer;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
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
}

await main();
