/**
 * Migration 0011 merges five per-kind tables (post likes, shares; reel likes, comments, shares) into
 * likes, comments and shares keyed by (kind, subject_id). A database of before 0011 keeps every row,
 * and deleting a post or clip afterwards takes its engagement with it (the triggers).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase, usePostgres } from '../../test/harness.js';
import { migrationsFolder } from './client.js';

interface Sql {
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

async function connect(cleanups: (() => Promise<void>)[]): Promise<Sql> {
  if (usePostgres()) {
    const pgDb = await freshPostgresDatabase();
    cleanups.push(() => pgDb.drop());
    const pg = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.default.Pool({ connectionString: pgDb.url, max: 2 });
    const db = drizzle(pool);
    return {
      query: async <T>(text: string, params: unknown[] = []) => (await pool.query(text, params)).rows as T[],
      migrate: (folder) => migrate(db, { migrationsFolder: folder }),
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const client = new PGlite({ extensions: { pg_trgm } });
  const db = drizzle({ client });
  return {
    query: async <T>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows,
    migrate: (folder) => migrate(db, { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

/** The migrations folder as it was before `tag` (its journal cut there). */
function folderBefore(tag: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sajha-migrations-'));
  cpSync(migrationsFolder(), dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

describe(
  `migration 0011 (one engagement module) on ${usePostgres() ? 'PostgreSQL' : 'PGlite'}`,
  { timeout: 120_000 },
  () => {
    const cleanups: (() => Promise<void>)[] = [];
    afterAll(async () => {
      for (const c of cleanups.reverse()) await c();
    });

    it('keeps every like, comment, reply and share of posts and clips', async () => {
      const db = await connect(cleanups);
      const before = folderBefore('0011_engagement_held_usernames');
      cleanups.push(() => Promise.resolve(rmSync(before, { recursive: true, force: true })));
      await db.migrate(before);

      const [asha, bikash] = [randomUUID(), randomUUID()];
      for (const [id, name] of [
        [asha, 'asha'],
        [bikash, 'bikash'],
      ] as const) {
        await db.query(`insert into users (id, name, username, email) values ($1, $2, $2, $2 || '@example.test')`, [
          id,
          name,
        ]);
      }
      const [post, reel] = [randomUUID(), randomUUID()];
      await db.query(
        `insert into posts (id, author_id, content, like_count, comment_count, share_count) values ($1, $2, 'Hi', 1, 2, 1)`,
        [post, asha],
      );
      await db.query(
        `insert into reels (id, author_id, title, category, status, like_count, comment_count, share_count)
      values ($1, $2, 'Clip', 'travel', 'ready', 1, 2, 1)`,
        [reel, asha],
      );
      const [c1, c2, r1, r2, s1, s2] = [
        randomUUID(),
        randomUUID(),
        randomUUID(),
        randomUUID(),
        randomUUID(),
        randomUUID(),
      ];
      await db.query(`insert into post_likes (post_id, user_id) values ($1, $2)`, [post, bikash]);
      await db.query(`insert into comments (id, post_id, author_id, content) values ($1, $2, $3, 'Nice')`, [
        c1,
        post,
        bikash,
      ]);
      await db.query(
        `insert into comments (id, post_id, author_id, parent_id, content) values ($1, $2, $3, $4, 'Thanks')`,
        [c2, post, asha, c1],
      );
      await db.query(
        `insert into post_shares (id, post_id, user_id, ref, network) values ($1, $2, $3, 'refabc1', 'facebook')`,
        [s1, post, bikash],
      );
      await db.query(`insert into reel_likes (reel_id, user_id) values ($1, $2)`, [reel, bikash]);
      await db.query(`insert into reel_comments (id, reel_id, author_id, content) values ($1, $2, $3, 'Wow')`, [
        r1,
        reel,
        bikash,
      ]);
      await db.query(
        `insert into reel_comments (id, reel_id, author_id, parent_id, content) values ($1, $2, $3, $4, 'Ty')`,
        [r2, reel, asha, r1],
      );
      await db.query(
        `insert into reel_shares (id, reel_id, user_id, ref, network) values ($1, $2, $3, 'refabc2', 'x')`,
        [s2, reel, bikash],
      );

      await db.migrate(migrationsFolder());

      const likes = await db.query<{ kind: string; subject_id: string; user_id: string }>(
        `select kind, subject_id, user_id from likes order by kind`,
      );
      expect(likes).toEqual([
        { kind: 'post', subject_id: post, user_id: bikash },
        { kind: 'reel', subject_id: reel, user_id: bikash },
      ]);
      const comments = await db.query<{
        id: string;
        kind: string;
        subject_id: string;
        parent_id: string | null;
        content: string;
      }>(`select id, kind, subject_id, parent_id, content from comments order by kind, content`);
      expect(comments).toEqual([
        { id: c1, kind: 'post', subject_id: post, parent_id: null, content: 'Nice' },
        { id: c2, kind: 'post', subject_id: post, parent_id: c1, content: 'Thanks' },
        { id: r2, kind: 'reel', subject_id: reel, parent_id: r1, content: 'Ty' },
        { id: r1, kind: 'reel', subject_id: reel, parent_id: null, content: 'Wow' },
      ]);
      const shares = await db.query<{ id: string; kind: string; subject_id: string; ref: string }>(
        `select id, kind, subject_id, ref from shares order by kind`,
      );
      expect(shares).toEqual([
        { id: s1, kind: 'post', subject_id: post, ref: 'refabc1' },
        { id: s2, kind: 'reel', subject_id: reel, ref: 'refabc2' },
      ]);
      const old = await db.query<{ n: number }>(
        `select count(*)::int as n from information_schema.tables where table_name in ('post_likes', 'post_shares', 'reel_likes', 'reel_comments', 'reel_shares')`,
      );
      expect(old[0]!.n).toBe(0);

      // A deleted post or clip takes its likes, comments and shares with it; the other kind's stay.
      await db.query(`delete from posts where id = $1`, [post]);
      expect(await db.query(`select 1 from likes where kind = 'post'`)).toHaveLength(0);
      expect(await db.query(`select 1 from comments where kind = 'post'`)).toHaveLength(0);
      expect(await db.query(`select 1 from shares where kind = 'post'`)).toHaveLength(0);
      expect(await db.query(`select 1 from comments where kind = 'reel'`)).toHaveLength(2);
      await db.query(`delete from reels where id = $1`, [reel]);
      expect(await db.query(`select 1 from likes`)).toHaveLength(0);
      expect(await db.query(`select 1 from comments`)).toHaveLength(0);
      expect(await db.query(`select 1 from shares`)).toHaveLength(0);
      await db.close();
    });
  },
);
