import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.js';
import { users } from './schema.js';
import { freshPostgresDatabase, usePostgres } from '../../test/harness.js';

const EXPECTED_TABLES = ['email_codes', 'password_resets', 'sessions', 'users'];

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const res = await db.db.execute(query);
  return (res as { rows: T[] }).rows;
}

async function tableNames(db: Database): Promise<string[]> {
  const r = await rows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  );
  return r.map((x) => x.table_name);
}

const migrationCount = async (db: Database): Promise<number> =>
  (await rows<{ n: number }>(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`))[0]?.n ?? 0;

// Each test creates an on-disk database (initdb alone takes 15-20 s on a busy 2-core machine) and the restart
// test reopens it through the start-up integrity check: more than the default 30 s there, not a timing claim.
describe(`migrations on ${usePostgres() ? 'PostgreSQL' : 'PGlite'}`, { timeout: 120_000 }, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  async function open(): Promise<{ database: Database; reopen(): Promise<Database> }> {
    if (usePostgres()) {
      const pg = await freshPostgresDatabase();
      cleanups.push(() => pg.drop());
      const database = await openDatabase({ databaseUrl: pg.url });
      return { database, reopen: () => openDatabase({ databaseUrl: pg.url }) };
    }
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sajha-pglite-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const database = await openDatabase({ pgliteDir: dir });
    return { database, reopen: () => openDatabase({ pgliteDir: dir }) };
  }

  it('creates every table on an empty database and records the migration', async () => {
    const { database } = await open();
    expect(await tableNames(database)).toEqual(expect.arrayContaining(EXPECTED_TABLES));
    expect(await migrationCount(database)).toBeGreaterThan(0);
    expect(await database.ping()).toBe(true);
    await database.close();
  });

  it('keeps data across a restart and does not re-apply migrations', async () => {
    const opened = await open();
    const database = opened.database;
    await database.db
      .insert(users)
      .values({ id: crypto.randomUUID(), name: 'Kept', username: 'kept', email: 'kept@example.test' });
    const before = await migrationCount(database);
    await database.close();
    const again = await opened.reopen();
    const rows = await again.db.select().from(users);
    expect(rows.map((r) => r.username)).toEqual(['kept']);
    expect(await migrationCount(again)).toBe(before);
    await again.close();
  });

  it('enforces case-insensitive unique usernames in the schema itself', async () => {
    const { database } = await open();
    await database.db
      .insert(users)
      .values({ id: crypto.randomUUID(), name: 'A', username: 'Ram', email: 'a@example.test' });
    await expect(
      database.db
        .insert(users)
        .values({ id: crypto.randomUUID(), name: 'B', username: 'rAM', email: 'b@example.test' }),
    ).rejects.toThrow();
    await database.close();
  });
});
