/**
 * The staff dashboard's figures, and the same figures for /metrics (over today only: a scrape stays cheap).
 * Health is a timed round trip: `select 1` on the database, PING on Redis when REDIS_URL is set.
 */
import { performance } from 'node:perf_hooks';
import { DASHBOARD_DAYS, type Dashboard, type Probe } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { contentTotals, madePerDay, memberCounts, openReports, storedFiles } from './repo.js';

/** A dependency slower than this is reported down (a stalled Redis must not hold the dashboard). */
const PROBE_TIMEOUT_MS = 2000;

/** Everything the dashboard shows, with the per-day series over the last `days` days. */
export async function readDashboard(deps: AppDeps, days: number = DASHBOARD_DAYS): Promise<Dashboard> {
  const { redis: redisClient, config } = deps;
  const tz = config.timeZone;
  // Probed first: behind the other statements (PGlite runs one at a time) the round trip would look slow.
  const [database, redis] = await Promise.all([
    probe(async () => deps.database.ping()),
    redisClient ? probe(async () => (await redisClient.ping()) === 'PONG') : notUsed(),
  ]);
  const [members, series, totals, reports, jobs, storage] = await Promise.all([
    memberCounts(deps.db, tz),
    madePerDay(deps.db, tz, days),
    contentTotals(deps.db),
    openReports(deps.db),
    deps.jobs.counts(),
    storedFiles(deps.db),
  ]);
  return {
    generatedAt: new Date().toISOString(),
    timeZone: tz,
    members,
    totals,
    days: series,
    reports: {
      open: reports.open,
      openItems: reports.openItems,
      oldestOpenAt: reports.oldestOpenAt === null ? null : new Date(reports.oldestOpenAt).toISOString(),
      oldestOpenAgeSeconds: reports.oldestOpenAgeSeconds === null ? null : Math.max(0, reports.oldestOpenAgeSeconds),
    },
    jobs,
    storage,
    health: { database, redis },
  };
}

/** Times `check`: up when it answers true within the timeout, down otherwise (an error included). */
async function probe(check: () => Promise<boolean>): Promise<Probe> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
  });
  const up = await Promise.race([check().catch(() => false), timeout]);
  clearTimeout(timer);
  return { status: up ? 'up' : 'down', latencyMs: Math.round((performance.now() - started) * 100) / 100 };
}

const notUsed = (): Promise<Probe> => Promise.resolve({ status: 'not-used', latencyMs: null });
