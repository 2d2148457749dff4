/**
 * Slow or retryable work (mail, push, digests, transcodes, cleanups, ring timeouts) runs as jobs in a
 * PostgreSQL-backed queue (pg-boss), on PGlite and PostgreSQL alike: jobs survive a restart, failures
 * are retried with back-off, and with several nodes each job runs once. A request only enqueues.
 *
 * Every job is named once, in JobMap below, so `send` and `work` are typed end to end; areas register
 * their workers and schedules through their manifests (feature.ts `jobs`).
 */
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Database } from '../db/client.js';
import { sha256 } from './crypto.js';
import type { Mail } from './mail.js';

/** A Web Push message as the service worker shows it. */
export interface PushPayload {
  title: string;
  body: string;
  tag: string;
  url: string;
  icon?: string | undefined;
}

type Cron = Record<string, never>;

export interface JobMap {
  /** Every mail goes out as a job: no request waits on SMTP, and a failed send is retried. */
  'mail.send': Mail;
  /** The mail behind a code request for an address that may or may not have an account. */
  'auth.code': { email: string; reason: 'register' | 'resend' | 'reset' };
  /** A deleted account's rows and files, removed by every area's hook (survives a restart; idempotent). */
  'account.delete': { userId: string };
  /** One delivery to one device, so a retry never repeats a push another device already showed. */
  'push.send': { subscriptionId: string; payload: PushPayload };
  /** Hourly: members whose daily digest is due get it. */
  'notification.digest': Cron;
  /** The notices whose mail was held back by the per-recipient mail limit, in one mail. */
  'notification.rollup': { userId: string };
  /** A post's link preview, fetched after the post is stored; `userId` is the author (their budget, their tabs). */
  'post.link-preview': { postId: string; url: string; userId: string };
  /** One reel to transcode; one at a time per node, fair between members (worker.ts), retried after a crash. */
  'reel.transcode': { reelId: string };
  /** Every ten minutes: chat uploads never sent in a message are deleted. */
  'chat.orphan-files': Cron;
  /** At the ring deadline: still ringing ends as "No answer". */
  'calls.ringTimeout': { roomId: string };
  /** A grace period after a member's call pages went away: none back ends the call as dropped. */
  'calls.dropCheck': { roomId: string; uid: string };
  /** Every minute: members of open calls with no call page anywhere get a drop check (a dead node's). */
  'calls.sweep': Cron;
  /** Every minute: words of public rows written since the last run join the spelling vocabulary (search). */
  'search.vocabulary': Cron;
}
export type JobName = Extract<keyof JobMap, string>;

export interface SendOptions {
  /** Run no earlier than this many seconds from now. */
  delaySeconds?: number;
  /** Run no earlier than this moment (a stored deadline, to the millisecond). */
  startAfter?: Date;
  /** At most one queued job with this key per queue. */
  singletonKey?: string;
  retryLimit?: number;
  /** Among waiting jobs of the queue, higher runs first (default 0); equal ones run oldest first. */
  priority?: number;
}

export interface WorkOptions {
  /** How many jobs of this queue one node runs at once. */
  concurrency?: number;
  /**
   * How often the queue looks for jobs through one of its idle workers (default: the node's JOB_POLL_SECONDS). Queues
   * fed only by a cron schedule (a job a minute or rarer) need not look every few seconds.
   */
  pollSeconds?: number;
}

/**
 * A queue looks for jobs every few seconds through one of its idle workers (any one: the first may be
 * busy with a long job); each worker also looks on its own this many times less often. Workers are
 * woken at once when a job is sent on this node, or when a sibling finds one (a backlog, or jobs sent by
 * another node), so they need not poll.
 */
const SIBLING_POLL_FACTOR = 10;

/** For queues fed only by a cron schedule: such a job may start up to this late. */
export const CRON_POLL_SECONDS = 15;

export interface Jobs {
  send<K extends JobName>(name: K, data: JobMap[K], opts?: SendOptions): Promise<string | null>;
  work<K extends JobName>(name: K, handler: (data: JobMap[K]) => Promise<unknown>, opts?: WorkOptions): Promise<void>;
  /** A cron schedule (in the given time zone) that enqueues `name` once per tick across the cluster. */
  schedule<K extends JobName>(name: K, cron: string, data: JobMap[K], timeZone: string): Promise<void>;
  /** Resolves once no job of `name` is waiting or running (tests and graceful drains). */
  idle(name: JobName, timeoutMs?: number): Promise<void>;
  /** Each queue's depth and failures, across the cluster (the staff dashboard and /metrics). */
  counts(): Promise<QueueCounts[]>;
  stop(): Promise<void>;
}

export interface QueueCounts {
  queue: string;
  /** Due now and waiting for a worker (retries included). */
  queued: number;
  /** Waiting for a later moment (delayed, or a retry's back-off). */
  scheduled: number;
  active: number;
  /** Failed for good in the last 24 hours (pg-boss archives failed jobs after a day). */
  failed: number;
}

export interface JobsOptions {
  database: Database;
  log: Logger;
  /** How often an idle worker looks for new jobs; sends on this node wake its workers at once. */
  pollSeconds?: number;
}

export async function startJobs(opts: JobsOptions): Promise<Jobs> {
  const { log } = opts;
  const boss = new PgBoss({
    db: { executeSql: pollsPrepared(opts.database) },
    schema: 'pgboss',
    supervise: true,
    schedule: true,
    migrate: true,
    // Mail jobs carry sign-up codes and reset links: finished jobs leave the tables within a day, long
    // after those expire (codes 15 min, links 30 min), like a mail server's queue.
    archiveCompletedAfterSeconds: 15 * 60,
    archiveFailedAfterSeconds: 24 * 60 * 60,
    deleteAfterHours: 24,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  // Nodes starting together on a fresh database race to create the queue's schema and queues (a
  // duplicate or a deadlock); the loser finds the work done when it tries again.
  await racing(() => boss.start(), log);

  const created = new Set<string>();
  const ensureQueue = async (name: string): Promise<void> => {
    if (created.has(name)) return;
    await racing(() => boss.createQueue(name), log);
    created.add(name);
  };
  const workers = new Map<string, string[]>();
  const lookers: NodeJS.Timeout[] = [];
  /**
   * Set once stop() has returned. A handler still running then (past the stop's 5 s) has had its job
   * marked failed, to be retried; its outcome is not reported, because pg-boss would report it, without
   * awaiting, on a database that is closing.
   */
  let stopped = false;
  const afterStop = (): Promise<never> => new Promise<never>(() => undefined);
  const pollSeconds = opts.pollSeconds ?? 2;

  return {
    async send(name, data, sendOpts = {}) {
      await ensureQueue(name);
      const id = await boss.send(name, data as object, {
        retryLimit: sendOpts.retryLimit ?? 8,
        retryDelay: 2,
        retryBackoff: true,
        ...(sendOpts.delaySeconds ? { startAfter: sendOpts.delaySeconds } : {}),
        ...(sendOpts.startAfter ? { startAfter: sendOpts.startAfter } : {}),
        ...(sendOpts.singletonKey ? { singletonKey: sendOpts.singletonKey } : {}),
        ...(sendOpts.priority ? { priority: sendOpts.priority } : {}),
      });
      // A job for now wakes this node's idle workers instead of waiting for their next poll.
      if (!sendOpts.delaySeconds && !sendOpts.startAfter) for (const w of workers.get(name) ?? []) boss.notifyWorker(w);
      return id;
    },
    async work(name, handler, workOpts = {}) {
      await ensureQueue(name);
      const ids: string[] = [];
      const busy: boolean[] = [];
      const every = workOpts.pollSeconds ?? pollSeconds;
      for (let i = 0; i < (workOpts.concurrency ?? 1); i++) {
        const slot = i;
        ids.push(
          await boss.work(
            name,
            { batchSize: 1, pollingIntervalSeconds: Math.min(60, every * SIBLING_POLL_FACTOR) },
            async (jobs) => {
              // A job found means more may be due (a backlog of ring timeouts, or jobs sent by another
              // node): every worker of the queue looks again at once instead of at its next poll.
              if (jobs.length > 0) for (const w of ids) boss.notifyWorker(w);
              busy[slot] = true;
              try {
                for (const job of jobs) {
                  try {
                    await handler(job.data as never);
                  } catch (err) {
                    if (stopped) return afterStop();
                    log.warn({ err, job: name, id: job.id }, 'job failed; it will be retried');
                    throw err;
                  }
                }
              } finally {
                busy[slot] = false;
              }
              if (stopped) return afterStop();
            },
          ),
        );
      }
      // An idle node's polls are statements on the database (each a few ms on PGlite, in front of
      // whatever arrives meanwhile): the queue looks often through one idle worker, not through each.
      const look = setInterval(() => {
        const idle = ids.find((_, i) => !busy[i]);
        if (idle) boss.notifyWorker(idle);
      }, every * 1000);
      look.unref();
      lookers.push(look);
      workers.set(name, [...(workers.get(name) ?? []), ...ids]);
    },
    async schedule(name, cron, data, timeZone) {
      await ensureQueue(name);
      await boss.schedule(name, cron, data, { tz: timeZone });
    },
    async idle(name, timeoutMs = 20_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        // States before 'completed' are created, retry and active: waiting or running.
        if (!created.has(name) || (await boss.getQueueSize(name, { before: 'completed' })) === 0) return;
        if (Date.now() > until) throw new Error(`jobs of ${name} still pending after ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async counts() {
      // One pass over the job table (completed jobs leave it within 15 minutes); every queue is listed, idle ones too.
      const { rows } = await opts.database.executeSql(`
        select q.name as queue,
          count(*) filter (where j.state < 'active' and j.start_after <= now())::int as queued,
          count(*) filter (where j.state < 'active' and j.start_after > now())::int as scheduled,
          count(*) filter (where j.state = 'active')::int as active,
          count(*) filter (where j.state = 'failed')::int as failed
        from pgboss.queue q
        left join pgboss.job j on j.name = q.name
          and (j.state <= 'active' or (j.state = 'failed' and j.completed_on > now() - interval '24 hours'))
        where not starts_with(q.name, '__pgboss')
        group by q.name
        order by q.name`);
      return rows as QueueCounts[];
    },
    async stop() {
      for (const look of lookers) clearInterval(look);
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
      stopped = true;
    },
  };
}

/**
 * pg-boss's statements, with its job fetch kept parsed on PGlite. Every idle worker's poll is that
 * fetch, a few a second per node, and PGlite's worker runs one statement at a time: parsed and
 * planned anew (the job table has a partition per queue) it took ~0.85 ms in front of whatever came
 * next, a chat message's insert among them; as a prepared statement with its generic plan, ~0.2 ms
 * (p50 of 300 calls). On PostgreSQL `prepared` uses the chat writer's own connections, so its polls
 * stay on the pool.
 */
function pollsPrepared(database: Database): (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }> {
  if (database.kind !== 'pglite') return (text, values) => database.executeSql(text, values);
  return (text, values) => {
    if (!values?.length || !/^\s*WITH next as \(/.test(text)) return database.executeSql(text, values);
    return database.prepared(fetchName(text), text, values);
  };
}

/** The fetch's text varies with its options (metadata, priority, schema): named by its content. */
const fetchNames = new Map<string, string>();
function fetchName(text: string): string {
  let name = fetchNames.get(text);
  if (!name) {
    name = `pgboss_fetch_${sha256(text).slice(0, 16)}`;
    fetchNames.set(text, name);
  }
  return name;
}

const RACE_CODES = new Set(['23505', '42P06', '42P07', '40P01']);

async function racing(step: () => Promise<unknown>, log: Logger): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await step();
      return;
    } catch (err) {
      if (attempt >= 4 || !RACE_CODES.has((err as { code?: string }).code ?? '')) throw err;
      log.warn({ err }, 'job queue set-up raced another node; trying again');
      await new Promise((r) => setTimeout(r, 200 * attempt));
    }
  }
}
