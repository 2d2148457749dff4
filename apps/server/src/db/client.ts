/**
 * Opens the database: embedded PGlite under DATA_DIR by default, a node-postgres pool when
 * DATABASE_URL is set. Both get the same drizzle schema and the same SQL migrations.
 */
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Extensions, PGlite } from '@electric-sql/pglite';
import { StartupError } from '../platform/errors.js';
import { findDamage, findDamageSampled, takeSeal, writeSeal } from './integrity.js';
import { RemotePglite, type PgliteLike } from './pglite-remote.js';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<boolean>;
  /** Raw SQL for libraries that bring their own queries (the job queue); several statements when no values. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * A hot statement whose text never changes: PostgreSQL parses and plans it once per connection (a
   * named prepared statement on a few connections of their own, which keep one generic plan), so each
   * call only binds and executes. PGlite in its worker keeps it parsed and generic the same way.
   */
  prepared(name: string, text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
  /** Embedded database on disk only: a consistent gzipped tar of its folder, taken between queries. */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

/** drizzle/ sits one level above both src/db (dev, tests) and dist (the built server). */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../drizzle'), path.resolve(here, '../drizzle')];
  return here.endsWith(`${path.sep}dist`) ? candidates[1]! : candidates[0]!;
}

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** PGlite folder; undefined means in memory. */
  pgliteDir?: string | undefined;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const db = opts.databaseUrl ? await openPostgres(opts.databaseUrl) : await openPglite(opts.pgliteDir);
  return db;
}

/** The PGlite calls we make, whether PGlite runs on this thread or in a worker (pglite-remote.ts). */
interface PgliteClient extends PgliteLike {
  transaction<T>(fn: (tx: PgliteLike) => Promise<T>): Promise<T>;
  dumpDataDir(compression: 'gzip'): Promise<Blob>;
  close(): Promise<void>;
}

/** PGLITE_WORKER=0 keeps PGlite on the main thread (for comparing the two in bench/chat.ts). */
const pgliteInWorker = (): boolean => process.env.PGLITE_WORKER !== '0';

async function startPglite(dir: string | undefined, amcheck: boolean): Promise<PgliteClient> {
  if (pgliteInWorker()) return RemotePglite.start(dir, amcheck);
  const { PGlite } = await import('@electric-sql/pglite');
  // pg_trgm: search (migration 0016); amcheck: the start-up integrity check.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const extensions: Extensions = amcheck
    ? { pg_trgm, amcheck: (await import('@electric-sql/pglite/contrib/amcheck')).amcheck }
    : { pg_trgm };
  const client = dir ? new PGlite(dir, { extensions }) : new PGlite({ extensions });
  await client.waitReady;
  return client;
}

async function openPglite(dir: string | undefined): Promise<Database> {
  if (!dir) return pgliteDatabase(await startPglite(undefined, false), undefined);
  await mkdir(dir, { recursive: true }).catch((err: NodeJS.ErrnoException) => {
    throw new StartupError(
      `DATA_DIR: cannot create ${dir} (${err.code ?? err.message}): make DATA_DIR a writable folder.`,
    );
  });
  // An empty folder has nothing to check yet: PostgreSQL's initdb is about to fill it.
  if ((await readdir(dir)).length === 0) return pgliteDatabase(await startPglite(dir, false), dir);
  let client: PgliteClient | undefined;
  let damage: string | undefined;
  try {
    // Files as the last clean close left them: a bounded sample; otherwise (a crash, a restore) every row.
    const sealed = await takeSeal(dir);
    client = await startPglite(dir, true);
    damage = sealed ? await findDamageSampled(client) : await findDamage(client);
  } catch (err) {
    damage = err instanceof Error ? err.message : String(err);
  }
  if (damage) {
    await client?.close().catch(() => undefined);
    throw new StartupError(
      `DATA_DIR: the embedded database in ${dir} is damaged (${damage}); refusing to start so no more rows are lost. ` +
        `Stop, move that folder aside and restore your latest backup: npm run restore -- <backup file> (README, "Backups").`,
    );
  }
  return pgliteDatabase(client!, dir);
}

/** `dir`: the folder of a database on disk (undefined: in memory). */
async function pgliteDatabase(client: PgliteClient, dir: string | undefined): Promise<Database> {
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  // drizzle takes any client with PGlite's query/transaction (the worker's stand-in included).
  const db = drizzle({ client: client as unknown as PGlite, schema });
  await migrate(db, { migrationsFolder: migrationsFolder() });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    ping: () => pingWith(db),
    async executeSql(text, values) {
      // PGlite's extended protocol takes one statement; schema scripts without values go through exec.
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      return { rows: (await client.query(text, values)).rows };
    },
    async prepared(name, text, values) {
      // In the worker it stays parsed under its name; on this thread (PGLITE_WORKER=0) a plain query.
      if (client instanceof RemotePglite) return { rows: (await client.prepared(name, text, values)).rows };
      return { rows: (await client.query(text, values)).rows };
    },
    ...(dir
      ? {
          async dumpDataDir() {
            // A checkpoint first keeps the copy's recovery short; the dump itself waits for the running query.
            await client.exec('CHECKPOINT');
            return client.dumpDataDir('gzip');
          },
        }
      : {}),
    async close() {
      // Only a clean close leaves the seal by which the next start trusts the files' sizes (integrity.ts).
      const clean = await client.close().then(
        () => true,
        () => false,
      );
      if (clean && dir) await writeSeal(dir);
    },
  };
}

/** Connections for `prepared` statements: the chat writer (features/chat/writer.ts) and the read marks. */
export const HOT_CONNECTIONS = 2;

async function openPostgres(url: string): Promise<Database> {
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // JIT compiles plans whose estimated cost is high (a search's ranking, a bitmap over many rows): 20-25 ms
  // spent before a query that itself takes a few. Never worth it for these short queries.
  const pool = new pg.default.Pool({ connectionString: url, max: 10, options: '-c jit=off' });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema });
  try {
    await pool.query('select 1');
  } catch (err) {
    await pool.end().catch(() => undefined);
    // The password never reaches the log line.
    const where = url.replace(/\/\/[^@/]*@/, '//');
    const why = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
    throw new StartupError(
      `DATABASE_URL: cannot reach PostgreSQL at ${where} (${why}): start it or fix DATABASE_URL (unset it for the embedded database).`,
    );
  }
  // Several nodes may start at once: one migrates while the others wait on the lock, then find nothing to do.
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock(hashtext($1))', ['sajha:migrate']);
    await migrate(db, { migrationsFolder: migrationsFolder() });
  } finally {
    await lock.query('select pg_advisory_unlock(hashtext($1))', ['sajha:migrate']).catch(() => undefined);
    lock.release();
  }
  // The hot statements (chat writes, read marks) take their rows as arrays, whose length PostgreSQL
  // cannot see when it plans: left to choose, it re-plans every call (a custom plan, 0.2-0.3 ms, as
  // long as the execution itself). Their own connections keep the one generic plan (index lookups
  // per row, right for any batch size) without changing how every other query is planned.
  const hot = new pg.default.Pool({
    connectionString: url,
    max: HOT_CONNECTIONS,
    options: '-c plan_cache_mode=force_generic_plan -c jit=off',
  });
  hot.on('error', () => undefined);
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    ping: () => pingWith(db),
    async executeSql(text, values) {
      return { rows: (await pool.query(text, values)).rows as unknown[] };
    },
    async prepared(name, text, values) {
      return { rows: (await hot.query({ name, text, values })).rows as unknown[] };
    },
    close: () => Promise.all([pool.end(), hot.end()]).then(() => undefined),
  };
}

async function pingWith(db: { execute(q: ReturnType<typeof sql>): Promise<unknown> }): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
