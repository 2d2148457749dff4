/**
 * A PostgreSQL-level integrity check of the embedded database, run before it is used. A data file cut
 * short (a full disk, a bad copy) is invisible to PostgreSQL itself: a sequential scan just sees fewer
 * pages, so rows vanish without an error. Indexes still point at the lost rows, so for every table we
 * count its rows once through a sequential scan and once through an index; damaged pages and indexes
 * are found by amcheck (`verify_heapam`, `bt_index_check`).
 */
import type { PgliteLike } from './pglite-remote.js';

interface Relation {
  oid: number;
  name: string;
}

/** Resolves to undefined when the database is sound, or to what is wrong with it. */
export async function findDamage(client: PgliteLike): Promise<string | undefined> {
  try {
    // The extension lives only inside this transaction: nothing of the check stays in the database.
    await client.exec('BEGIN; CREATE EXTENSION IF NOT EXISTS amcheck;');
    try {
      return await checkAll(client);
    } finally {
      await client.exec('ROLLBACK');
    }
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

async function checkAll(client: PgliteLike): Promise<string | undefined> {
  const tables = await relations(client, `c.relkind = 'r'`);
  for (const t of tables) {
    const heap = await client.query<{ blkno: number; msg: string }>(
      'SELECT blkno, msg FROM verify_heapam($1::regclass) LIMIT 1',
      [t.oid],
    );
    const bad = heap.rows[0];
    if (bad) return `table ${t.name}, page ${bad.blkno}: ${bad.msg}`;
  }
  const indexes = await relations(client, `c.relkind = 'i' AND am.amname = 'btree' AND i.indisvalid`);
  for (const ix of indexes) await client.query('SELECT bt_index_check($1::regclass)', [ix.oid]);
  for (const t of tables) {
    const seq = await countWith(client, t, {
      seqscan: 'on',
      indexscan: 'off',
      indexonlyscan: 'off',
      bitmapscan: 'off',
    });
    const viaIndex = await countWith(client, t, {
      seqscan: 'off',
      indexscan: 'on',
      indexonlyscan: 'on',
      bitmapscan: 'off',
    });
    if (seq !== viaIndex) return `table ${t.name} has ${seq} rows but its index lists ${viaIndex}`;
  }
  return undefined;
}

async function relations(client: PgliteLike, where: string): Promise<Relation[]> {
  const res = await client.query<Relation>(
    `SELECT c.oid::int AS oid, c.oid::regclass::text AS name
       FROM pg_class c
       LEFT JOIN pg_am am ON am.oid = c.relam
       LEFT JOIN pg_index i ON i.indexrelid = c.oid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      -- Our tables (public, drizzle, pgboss); the system catalogs are read by every query and fail loudly.
      WHERE c.relpersistence = 'p' AND left(n.nspname, 3) <> 'pg_' AND n.nspname <> 'information_schema' AND ${where}
      ORDER BY c.oid`,
  );
  return res.rows;
}

/** Counts a table's rows with the planner steered to one access path (settings last until the ROLLBACK). */
async function countWith(client: PgliteLike, t: Relation, paths: Record<string, 'on' | 'off'>): Promise<number> {
  for (const [path, on] of Object.entries(paths))
    await client.query(`SELECT set_config('enable_${path}', $1, true)`, [on]);
  const res = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t.name}`);
  return res.rows[0]?.n ?? 0;
}
