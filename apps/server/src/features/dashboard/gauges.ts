/**
 * The dashboard's figures as Prometheus gauges, read when /metrics is scraped (nothing runs between
 * scrapes). One reading serves every gauge of a scrape (prom-client collects them side by side) and
 * scrapes close together (several Prometheus servers); it covers today only, so it stays cheap.
 */
import { Gauge } from 'prom-client';
import type { Dashboard } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { readDashboard } from './service.js';

/** Scrapes closer together than this share one reading. */
const READING_MS = 5000;

export function registerGauges(deps: AppDeps): void {
  let last: { at: number; figures: Promise<Dashboard | null> } | undefined;
  const figures = (): Promise<Dashboard | null> => {
    if (!last || Date.now() - last.at > READING_MS) {
      // Figures that cannot be read (the database is down) leave their gauges empty; the health gauge says why.
      last = { at: Date.now(), figures: readDashboard(deps, 1).catch(() => null) };
    }
    return last.figures;
  };
  const gauge = <L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    fill: (g: Gauge<L>, f: Dashboard) => void,
    orElse?: (g: Gauge<L>) => void,
  ) =>
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [deps.metrics.registry],
      async collect() {
        const f = await figures();
        this.reset();
        if (f) fill(this, f);
        else orElse?.(this);
      },
    });

  gauge('sajha_members', 'Verified accounts, not deleted', [], (g, f) => g.set(f.members.total));
  gauge(
    'sajha_members_active',
    'Members whose session was used in the window (today, or the last 7 or 30 days, TIME_ZONE)',
    ['window'],
    (g, { members: m }) => {
      g.set({ window: 'today' }, m.activeToday);
      g.set({ window: '7d' }, m.active7Days);
      g.set({ window: '30d' }, m.active30Days);
    },
  );
  gauge('sajha_members_new', 'Accounts created in the window (today, or the last 7 days)', ['window'], (g, f) => {
    g.set({ window: 'today' }, f.members.newToday);
    g.set({ window: '7d' }, f.members.new7Days);
  });
  gauge('sajha_made_today', 'Posts, clips and messages made today (TIME_ZONE)', ['kind'], (g, f) => {
    const today = f.days.at(-1);
    g.set({ kind: 'post' }, today?.posts ?? 0);
    g.set({ kind: 'clip' }, today?.clips ?? 0);
    g.set({ kind: 'message' }, today?.messages ?? 0);
  });
  gauge('sajha_posts', 'Posts there are (removed ones included)', [], (g, f) => g.set(f.totals.posts));
  gauge('sajha_clips', 'Ready clips', [], (g, f) => g.set(f.totals.clips));
  gauge('sajha_reports_open', 'Open reports', [], (g, f) => g.set(f.reports.open));
  gauge('sajha_reports_open_items', 'Things with at least one open report', [], (g, f) => g.set(f.reports.openItems));
  gauge('sajha_reports_oldest_open_age_seconds', 'Age of the oldest open report (0: none open)', [], (g, f) =>
    g.set(f.reports.oldestOpenAgeSeconds ?? 0),
  );
  gauge(
    'sajha_jobs',
    'Jobs per queue: queued (due now), scheduled (later), active, failed_24h (failed for good in the last 24 hours)',
    ['queue', 'state'],
    (g, f) => {
      for (const q of f.jobs) {
        g.set({ queue: q.queue, state: 'queued' }, q.queued);
        g.set({ queue: q.queue, state: 'scheduled' }, q.scheduled);
        g.set({ queue: q.queue, state: 'active' }, q.active);
        g.set({ queue: q.queue, state: 'failed_24h' }, q.failed);
      }
    },
  );
  gauge('sajha_storage_bytes', 'Bytes of stored uploads', [], (g, f) => g.set(f.storage.bytes));
  gauge('sajha_storage_files', 'Stored uploads', [], (g, f) => g.set(f.storage.files));
  gauge(
    'sajha_dependency_up',
    'Whether the database and Redis (when REDIS_URL is set) answered a round trip',
    ['dependency'],
    (g, f) => {
      g.set({ dependency: 'database' }, f.health.database.status === 'up' ? 1 : 0);
      if (f.health.redis.status !== 'not-used') g.set({ dependency: 'redis' }, f.health.redis.status === 'up' ? 1 : 0);
    },
    (g) => g.set({ dependency: 'database' }, 0),
  );
  gauge('sajha_dependency_latency_seconds', 'How long that round trip took', ['dependency'], (g, f) => {
    for (const [dependency, p] of Object.entries(f.health)) {
      if (p.latencyMs !== null) g.set({ dependency }, p.latencyMs / 1000);
    }
  });
}
