/**
 * People latency with 10,000 members and 200,000 follows: gFS (suggestions with mutual-friend counts)
 * and sF (prefix search with mutual counts) measured through the server's own service on PGlite and on
 * PostgreSQL, each printed beside a bare `SELECT 1` round trip through the same client in the same run.
 * Goal from the issue: p99 at most 10 times the round trip.
 *
 * The graph: everyone follows their 5 neighbours on each side of a ring (all mutual, so friends and
 * mutual friends exist) and 10 members picked by a hash (mostly one-way), and 20,000 posts give
 * "recent activity".
 *
 *   npx tsx bench/people.ts        # PostgreSQL part runs when DATABASE_URL (or a local server) is reachable
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../apps/server/src/deps.js';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { rowsOf } from '../apps/server/src/features/people/repo.js';
import { searchPeople, suggestions } from '../apps/server/src/features/people/service.js';
import { freshPostgresDatabase } from '../apps/server/test/harness.js';
import { percentile } from './stats.js';

const MEMBERS = 10_000;
const FOLLOWS_TARGET = 200_000;
const POSTS = 20_000;
const RUNS = 300;
const WARMUP = 30;
const FIRST = ['Asha', 'Bikash', 'Chandra', 'Dipa', 'Ekta', 'Gita', 'Hari', 'Ishwor', 'Jamuna', 'Kamal'];
const FIRST_MORE = ['Laxmi', 'Manish', 'Nabin', 'Ojaswi', 'Prakash', 'Rita', 'Sita', 'Tara', 'Ujwal', 'Yam'];
const NAMES = [...FIRST, ...FIRST_MORE];
const LAST = ['Gurung', 'Thapa', 'Rai', 'Shrestha', 'Tamang', 'Magar', 'Sherpa', 'Karki', 'Adhikari', 'Limbu'];

async function seed(db: Database['db']): Promise<string[]> {
  await db.execute(sql`
    insert into users (id, name, username, email, email_verified_at, created_at)
    select gen_random_uuid(),
           (string_to_array(${NAMES.join(',')}::text, ','))[1 + g % ${NAMES.length}] || ' ' || (string_to_array(${LAST.join(',')}::text, ','))[1 + (g / 7) % ${LAST.length}],
           lower((string_to_array(${NAMES.join(',')}::text, ','))[1 + g % ${NAMES.length}]) || '_' || g,
           'member' || g || '@example.test', now(), now() - (g || ' minutes')::interval
    from generate_series(0, ${MEMBERS - 1}) g`);
  await db.execute(sql`create table bench_ring as select id, row_number() over (order by id) - 1 as n from users`);
  // Ring neighbours (mutual): 10 per member.
  await db.execute(sql`
    insert into follows (follower_id, followee_id)
    select a.id, b.id from bench_ring a
    join generate_series(1, 5) k on true
    join bench_ring b on b.n = (a.n + k) % ${MEMBERS}
    union all
    select a.id, b.id from bench_ring a
    join generate_series(1, 5) k on true
    join bench_ring b on b.n = (a.n - k + ${MEMBERS}) % ${MEMBERS}
    on conflict do nothing`);
  // Hashed picks (mostly one-way): 10 per member.
  await db.execute(sql`
    insert into follows (follower_id, followee_id)
    select a.id, b.id from bench_ring a
    join generate_series(1, 10) k on true
    join bench_ring b on b.n = abs(hashtext(a.id::text || k)) % ${MEMBERS}
    where a.id <> b.id
    on conflict do nothing`);
  await db.execute(sql`
    insert into posts (id, author_id, content, created_at)
    select gen_random_uuid(), r.id, 'Bench post ' || g, now() - (g || ' seconds')::interval
    from generate_series(1, ${POSTS}) g
    join bench_ring r on r.n = abs(hashtext(g::text)) % ${MEMBERS}`);
  await db.execute(sql`analyze`);
  const rows = await db.execute<{ id: string }>(sql`select id from bench_ring where n % 97 = 0 order by n`);
  await db.execute(sql`drop table bench_ring`);
  return rowsOf<{ id: string }>(rows).map((r) => r.id);
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
  const viewers = await seed(database.db);
  const counted = await database.db.execute<{ n: string }>(sql`select count(*) as n from follows`);
  const followCount = Number(rowsOf<{ n: string }>(counted)[0]!.n);
  const seeded = ((performance.now() - started) / 1000).toFixed(1);
  const deps = { db: database.db } as AppDeps;
  const viewer = (i: number) => viewers[i % viewers.length]!;

  const sample = await suggestions(deps, viewer(0));
  if (sample.length !== 20 || sample[0]!.mutual < 1) throw new Error('bench suggestions look wrong');
  const found = await searchPeople(deps, viewer(0), 'bika');
  if (found.length === 0) throw new Error('bench search found nobody');

  const gfs = await time(RUNS, (i) => suggestions(deps, viewer(i)));
  const queries = NAMES.flatMap((n) => [
    n.slice(0, 3),
    n.toLowerCase().slice(0, 4) + '_1',
    `${n} ${LAST[0]!.slice(0, 2)}`,
  ]);
  const sf = await time(RUNS, (i) => searchPeople(deps, viewer(i), queries[i % queries.length]!));
  const one = await time(RUNS, () => database.db.execute(sql`select 1`));

  const f = (ms: number) => `${ms.toFixed(2)} ms`.padStart(10);
  const line = (name: string, r: { p50: number; p99: number }) =>
    `${label.padEnd(10)} ${name.padEnd(3)} p50 ${f(r.p50)}  p99 ${f(r.p99)}   |  SELECT 1 p50 ${f(one.p50)}  p99 ${f(one.p99)}` +
    `   |  ratio p50 ${(r.p50 / one.p50).toFixed(1)}x  p99 ${(r.p99 / one.p99).toFixed(1)}x  (goal p99 <= 10x)`;
  console.log(
    `${label}: seeded ${MEMBERS.toLocaleString('en')} members, ${followCount.toLocaleString('en')} follows in ${seeded} s`,
  );
  console.log(line('gFS', gfs));
  console.log(line('sF', sf));
}

async function main(): Promise<void> {
  console.log(
    `people bench: ${MEMBERS.toLocaleString('en')} members, about ${FOLLOWS_TARGET.toLocaleString('en')} follows, ` +
      `${RUNS} calls each after ${WARMUP} warm-up`,
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
