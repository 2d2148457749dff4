/**
 * The job queue's workers on one node: a queue looks for jobs often through one idle worker, the rest
 * are woken when one finds a job, so a backlog sent by another node is still worked in parallel, and a
 * worker busy with a long job does not stop the queue looking.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';
import { freshPostgresDatabase, usePostgres } from '../../test/harness.js';
import { startJobs, type Jobs, type JobName } from './jobs.js';

const log = pino({ level: 'silent' });
// A queue of this test's own (not in JobMap): the casts only satisfy the typed names.
const QUEUE = 'test.backlog' as JobName;

describe('job workers', () => {
  let database: Database;
  let dropPostgres: (() => Promise<void>) | undefined;
  const started: Jobs[] = [];

  beforeAll(async () => {
    const pg = usePostgres() ? await freshPostgresDatabase() : undefined;
    dropPostgres = pg && (() => pg.drop());
    database = await openDatabase({ databaseUrl: pg?.url });
  });
  afterAll(async () => {
    for (const jobs of started) await jobs.stop();
    await database?.close();
    await dropPostgres?.();
  });

  it('works a backlog sent by another node with every worker at once, woken by the first that finds a job', async () => {
    // This node: three workers; the first looks every 6 s, its siblings only every 60 s (past this test's
    // time limit), so they can join in time only by being woken.
    const here = await startJobs({ database, log, pollSeconds: 6 });
    started.push(here);
    let active = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const allThree = new Promise<void>((resolve) => {
      void here.work(
        QUEUE,
        async () => {
          active += 1;
          if (active === 3) resolve();
          await gate;
          active -= 1;
        },
        { concurrency: 3 },
      );
    });
    // Another node's sends wake none of this node's workers.
    const elsewhere = await startJobs({ database, log });
    started.push(elsewhere);
    for (let i = 0; i < 3; i += 1) await elsewhere.send(QUEUE, {});

    await allThree;
    expect(active).toBe(3);
    release();
    await here.idle(QUEUE);
  });

  it('keeps looking for jobs sent by another node while a worker is busy with a long one', async () => {
    const queue = 'test.busy' as JobName;
    // Two workers that look on their own only every 60 s (past this test's time limit): the queue's
    // every-6-s look must go through whichever of them is idle.
    const here = await startJobs({ database, log, pollSeconds: 6 });
    started.push(here);
    const elsewhere = await startJobs({ database, log });
    started.push(elsewhere);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let longStarted!: () => void;
    const long = new Promise<void>((r) => (longStarted = r));
    let shortDone!: () => void;
    const short = new Promise<void>((r) => (shortDone = r));
    let longRunning = false;
    let shortRanBesideLong = false;
    await here.work(
      queue,
      async (data) => {
        if ((data as unknown as { tag: string }).tag === 'long') {
          longRunning = true;
          longStarted();
          await gate;
          longRunning = false;
        } else {
          shortRanBesideLong = longRunning;
          shortDone();
        }
      },
      { concurrency: 2 },
    );

    // The long job is taken and wakes the other worker, which finds nothing due: the short job becomes
    // due 3 s later, when that worker sleeps, so only the queue's regular look can find it in time.
    await elsewhere.send(queue, { tag: 'long' } as never);
    await long;
    await elsewhere.send(queue, { tag: 'short' } as never, { delaySeconds: 3 });
    await short;
    expect(shortRanBesideLong).toBe(true);
    release();
    await here.idle(queue);
  });

  it('reports nothing to a closed database for a job that outlives the stop', async () => {
    // A database of this test's own, closed after the stop; statements sent to it afterwards are noted.
    const pg = usePostgres() ? await freshPostgresDatabase() : undefined;
    const own = await openDatabase({ databaseUrl: pg?.url });
    let closed = false;
    const late: string[] = [];
    const watched: Database = {
      ...own,
      executeSql(text, values) {
        if (!closed) return own.executeSql(text, values);
        late.push(text);
        return Promise.resolve({ rows: [{ count: 0 }] });
      },
    };
    try {
      const jobs = await startJobs({ database: watched, log });
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      let finished!: () => void;
      const done = new Promise<void>((r) => (finished = r));
      const started = new Promise<void>((resolve) => {
        void jobs.work(QUEUE, async () => {
          resolve();
          await gate;
          finished();
        });
      });
      await jobs.send(QUEUE, {});
      await started;
      // The stop gives the running job 5 s, marks it failed (to be retried) and returns.
      await jobs.stop();
      closed = true;
      await own.close();
      release();
      await done;
      // Whatever the queue does once the handler settles runs in the microtasks before this.
      await new Promise((r) => setImmediate(r));
      expect(late).toEqual([]);
    } finally {
      if (!closed) await own.close();
      await pg?.drop();
    }
  });

  it.runIf(!usePostgres())(
    'on PGlite, polls with the job fetch kept parsed (a named prepared statement) and still finds the jobs',
    async () => {
      const queue = 'test.polled' as JobName;
      const here = await startJobs({ database, log, pollSeconds: 0.5 });
      started.push(here);
      const worked = new Promise<unknown>((resolve) => {
        void here.work(queue, (data) => {
          resolve(data);
          return Promise.resolve();
        });
      });
      // Sent by another node: nothing wakes this node's worker, only its poll finds the job.
      const elsewhere = await startJobs({ database, log });
      started.push(elsewhere);
      await elsewhere.send(queue, { n: 7 } as never);
      expect(await worked).toEqual({ n: 7 });
      const { rows } = await database.executeSql(
        "select count(*)::int as n from pg_prepared_statements where name like 'pgboss_fetch_%'",
      );
      expect((rows[0] as { n: number }).n).toBeGreaterThan(0);
    },
  );
});
