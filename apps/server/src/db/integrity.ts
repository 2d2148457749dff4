/**
 * A PostgreSQL-level integrity check of the embedded database, run before it is used. A data file cut
 * short (a full disk, a bad copy) is invisible to PostgreSQL itself: a sequential scan just sees fewer
 * pages, so rows vanish without an error. Indexes still point at the lost rows, so for every table we
 * count its rows once through a sequential scan and once through an index; damaged pages and indexes
 * are found by amcheck (`verify_heapam`, `bt_index_check`).
 *
 * That full check reads every row, so its cost grows with the data (seconds at a million posts). It runs
 * when the database was not closed cleanly by us: after a crash, a restore, or a copy. A clean close leaves
 * a seal beside the folder (each data file's size then); a start that finds every file at its sealed size
 * knows no file was cut short or lost since, and checks a bounded sample instead (`findDamageSampled`):
 * the first and last pages of every table and every small index in full. The seal is removed as the
 * database opens, so a crash never leaves one behind. What the sampled start does not see: a page garbled
 * in the middle of a large table or index while its file kept its size (bit rot, a disk's own fault): such
 * a page fails the query that reads it, loudly, rather than hiding rows. Deleting the seal while stopped
 * makes the next start read everything.
 */
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { PgliteLike } from './pglite-remote.js';

interface Relation {
  oid: number;
  name: string;
}

/** Resolves to undefined when the database is sound, or to what is wrong with it. */
export function findDamage(client: PgliteLike): Promise<string | undefined> {
  return withAmcheck(client, checkAll);
}

/** Runs `check` with amcheck, answering what it found or the error that stopped it. */
async function withAmcheck(
  client: PgliteLike,
  check: (client: PgliteLike) => Promise<string | undefined>,
): Promise<string | undefined> {
  try {
    // The extension lives only inside this transaction: nothing of the check stays in the database.
    await client.exec('BEGIN; CREATE EXTENSION IF NOT EXISTS amcheck;');
    try {
      return await check(client);
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

/** Our relations (public, drizzle, pgboss); the system catalogs are read by every query and fail loudly. */
const RELATIONS = `SELECT c.oid::int AS oid, c.oid::regclass::text AS name
       FROM pg_class c
       LEFT JOIN pg_am am ON am.oid = c.relam
       LEFT JOIN pg_index i ON i.indexrelid = c.oid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relpersistence = 'p' AND left(n.nspname, 3) <> 'pg_' AND n.nspname <> 'information_schema'`;

async function relations(client: PgliteLike, where: string): Promise<Relation[]> {
  const res = await client.query<Relation>(`${RELATIONS} AND ${where} ORDER BY c.oid`);
  return res.rows;
}

/** Counts a table's rows with the planner steered to one access path (settings last until the ROLLBACK). */
async function countWith(client: PgliteLike, t: Relation, paths: Record<string, 'on' | 'off'>): Promise<number> {
  for (const [path, on] of Object.entries(paths))
    await client.query(`SELECT set_config('enable_${path}', $1, true)`, [on]);
  const res = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t.name}`);
  return res.rows[0]?.n ?? 0;
}

/** Pages read at each end of every table, and the size up to which an index is checked whole, when sealed. */
const SAMPLE_PAGES = 8;
const SMALL_INDEX_PAGES = 256;

/** The sampled check of a database whose files are as its last clean close left them (see the top). */
export function findDamageSampled(client: PgliteLike): Promise<string | undefined> {
  return withAmcheck(client, checkSample);
}

async function checkSample(client: PgliteLike): Promise<string | undefined> {
  // Each table's first and last pages in one statement (a round trip to the worker per table added up).
  const heap = await client.query<{ name: string; blkno: number; msg: string }>(
    `WITH t AS (${RELATIONS} AND c.relkind = 'r'),
       sized AS (SELECT oid, name, (pg_relation_size(oid) / current_setting('block_size')::int)::int AS pages FROM t),
       ranges AS (
         SELECT oid, name, 0 AS first, least(pages, $1) - 1 AS last FROM sized WHERE pages > 0
         UNION ALL
         SELECT oid, name, greatest(pages - $1, $1), pages - 1 FROM sized WHERE pages > $1)
     SELECT r.name, v.blkno, v.msg FROM ranges r,
       LATERAL verify_heapam(r.oid::regclass, startblock => r.first, endblock => r.last) v
     LIMIT 1`,
    [SAMPLE_PAGES],
  );
  const bad = heap.rows[0];
  if (bad) return `table ${bad.name}, page ${bad.blkno}: ${bad.msg}`;
  await client.query(
    `WITH ix AS (${RELATIONS} AND c.relkind = 'i' AND am.amname = 'btree' AND i.indisvalid)
     SELECT count(bt_index_check(oid::regclass)) FROM ix
     WHERE pg_relation_size(oid) / current_setting('block_size')::int <= $1`,
    [SMALL_INDEX_PAGES],
  );
  return undefined;
}

/** Each file's size; anything else read from the seal (an edited or half-written file) counts as no seal. */
const Seal = z.record(z.string(), z.number());
type Seal = z.infer<typeof Seal>;
const sealPath = (dir: string): string => `${dir}.seal.json`;

/** Every relation file of the folder (base/ and global/) with its size. */
async function fileSizes(dir: string): Promise<Seal> {
  const out: Seal = {};
  for (const top of ['base', 'global']) {
    const entries = await readdir(path.join(dir, top), { recursive: true, withFileTypes: true }).catch(() => []);
    for (const e of entries) {
      if (!e.isFile()) continue;
      const full = path.join(e.parentPath, e.name);
      out[path.relative(dir, full)] = (await stat(full)).size;
    }
  }
  return out;
}

/** After a clean close: remembers every data file's size (the seal). */
export async function writeSeal(dir: string): Promise<void> {
  await writeFile(sealPath(dir), JSON.stringify(await fileSizes(dir)));
}

/**
 * Before opening: whether every data file is as the last clean close sealed it (same files, same sizes).
 * The seal is removed either way, so a run that ends in a crash leaves none for the next start.
 */
export async function takeSeal(dir: string): Promise<boolean> {
  let text: string;
  try {
    text = await readFile(sealPath(dir), 'utf8');
  } catch {
    return false;
  }
  await rm(sealPath(dir), { force: true });
  let sealed: Seal;
  try {
    sealed = Seal.parse(JSON.parse(text));
  } catch {
    return false;
  }
  const now = await fileSizes(dir);
  const names = Object.keys(sealed);
  return names.length === Object.keys(now).length && names.every((n) => now[n] === sealed[n]);
}
