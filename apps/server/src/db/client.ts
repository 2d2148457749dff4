/**
 * Opens the database: embedded PGlite under DATA_DIR by default, a node-postgres pool when
 * DATABASE_URL is set. Both get the same drizzle schema and the same SQL migrations.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<boolean>;
  /** Raw SQL for libraries that bring their own queries (the job queue); several statements when no values. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
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

async function openPglite(dir: string | undefined): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (dir) await mkdir(dir, { recursive: true });
  const client = dir ? new PGlite(dir) : new PGlite();
  await client.waitReady;
  const db = drizzle(client, { schema });
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
    close: () => client.close(),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.default.Pool({ connectionString: url, max: 10 });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema });
  // Several nodes may start at once: one migrates while the others wait on the lock, then find nothing to do.
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock(hashtext($1))', ['sajha:migrate']);
    await migrate(db, { migrationsFolder: migrationsFolder() });
  } finally {
    await lock.query('select pg_advisory_unlock(hashtext($1))', ['sajha:migrate']).catch(() => undefined);
    lock.release();
  }
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    ping: () => pingWith(db),
    async executeSql(text, values) {
      return { rows: (await pool.query(text, values)).rows as unknown[] };
    },
    close: () => pool.end(),
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
