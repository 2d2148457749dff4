/**
 * Feed latency with 100,000 posts: fetchPosts' work (page, per-category total, media, viewer likes)
 * measured through the server's own service on PGlite and on PostgreSQL, each printed beside a bare
 * `SELECT 1` round trip through the same client in the same run, so the ratio says what the feed
 * query costs over the client's own overhead.
 *
 *   npx tsx bench/feed.ts          # PostgreSQL part runs when DATABASE_URL (or a local server) is reachable
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { FEED_CATEGORIES } from '@sajha/contract';
import type { AppDeps } from '../apps/server/src/deps.js';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { fetchFeed } from '../apps/server/src/features/posts/service.js';
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

async function time(runs: number, fn: (i: number) => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < WARMUP; i++) await fn(i);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn(i);
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

async function benchOne(label: string, database: Database): Promise<void> {
  const started = performance.now();
  const viewer = await seed(database.db);
  const seeded = ((performance.now() - started) / 1000).toFixed(1);
  const deps = { db: database.db } as AppDeps;
  // Mostly first pages (as people open the feed), some later pages, across every category.
  const feed = await time(RUNS, (i) =>
    fetchFeed(deps, viewer, {
      category: FEED_CATEGORIES[i % FEED_CATEGORIES.length]!,
      offset: i % 4 === 0 ? (i % 10) * 10 : 0,
    }),
  );
  const one = await time(RUNS, () => database.db.execute(sql`select 1`));
  const page = await fetchFeed(deps, viewer, { category: 'all', offset: 0 });
  if (page.posts.length !== 10 || page.totalCount !== POSTS) throw new Error('bench feed returned the wrong page');
  const f = (ms: number) => `${ms.toFixed(2)} ms`.padStart(10);
  console.log(
    `${label.padEnd(10)} fetchPosts p50 ${f(feed.p50)}  p99 ${f(feed.p99)}   |  SELECT 1 p50 ${f(one.p50)}  p99 ${f(one.p99)}` +
      `   |  ratio p50 ${(feed.p50 / one.p50).toFixed(1)}x  (seeded ${POSTS.toLocaleString('en')} posts in ${seeded} s)`,
  );
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
