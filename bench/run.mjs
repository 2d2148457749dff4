/**
 * `npm run bench`: every benchmark, each run twice (issue 17 asks for two runs of each figure), one after
 * the other so they never share the CPU. Each prints its own rows as ratios to a baseline measured in the
 * same run. Benchmarks that need PostgreSQL (feed and chat on both back ends, the two-node cluster) use
 * DATABASE_URL, or the local server at 127.0.0.1:5432 when it answers. Not part of `npm test`.
 */
import { execFileSync, spawnSync } from 'node:child_process';

const LOCAL_PG = 'postgres://postgres@127.0.0.1:5432/postgres';
const env = { ...process.env };
if (!env.DATABASE_URL && spawnSync('pg_isready', ['-h', '127.0.0.1', '-q']).status === 0) env.DATABASE_URL = LOCAL_PG;

const runs = [
  ['first load (Lighthouse, mobile)', 'node', ['bench/first-load.mjs']],
  // A post as a visitor, and home, messages and clips signed in (issue 39), the landing page beside them.
  ['entry pages (Lighthouse, mobile)', 'npx', ['tsx', 'bench/entry-pages.ts']],
  ['feed: fetchPosts vs SELECT 1', 'npx', ['tsx', 'bench/feed.ts']],
  // chat.ts repeats its whole set CHAT_BENCH_ROUNDS times itself; once per run here. It measures two
  // arrangements: servers beside the clients in its own process ("together", which gets these flags: the
  // production server's --max-semi-space-size=64, as npm start), and each server in a process of its own
  // ("apart", started with those flags by chat.ts itself).
  [
    'chat vs a bare relay',
    'npx',
    ['tsx', 'bench/chat.ts'],
    { CHAT_BENCH_ROUNDS: '1', NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-semi-space-size=64`.trim() },
  ],
  ['people', 'npx', ['tsx', 'bench/people.ts']],
  // Seeds 1M posts, 100k members and 1M messages on PostgreSQL (200k posts on PGlite): minutes per run.
  ['search: posts, people, tags, messages vs SELECT 1; write cost', 'npx', ['tsx', 'bench/search.ts']],
  // Seeds 10k, 100k and 1M posts on PGlite and on PostgreSQL: minutes per run.
  ['start-up as data grows', 'npx', ['tsx', 'bench/startup.ts']],
  ['2,000 idle sockets vs plain Socket.IO', 'npx', ['tsx', 'bench/sockets.ts']],
  // A 1,000-member group's message, and a post by a member with 10,000 followers (issue 39, goal 6).
  ['fan-out: a 1,000-member group, 10,000 followers', 'npx', ['tsx', 'bench/fanout.ts']],
  ['two nodes vs one', 'npx', ['tsx', 'bench/cluster.ts'], {}, { needsPostgres: true }],
];

const only = process.argv.slice(2);
for (const [name, cmd, args, extraEnv = {}, opts = {}] of runs) {
  if (only.length && !only.some((o) => name.includes(o) || args.join(' ').includes(o))) continue;
  if (opts.needsPostgres && !env.DATABASE_URL) {
    console.log(`\n### ${name}: skipped (needs DATABASE_URL or PostgreSQL at 127.0.0.1:5432)`);
    continue;
  }
  for (const run of [1, 2]) {
    console.log(`\n### ${name} — run ${run} of 2`);
    execFileSync(cmd, args, { stdio: 'inherit', env: { ...env, ...extraEnv } });
  }
}
