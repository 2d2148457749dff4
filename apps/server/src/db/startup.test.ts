/**
 * Start-up refuses bad settings and a damaged embedded database with one clear line, and a backup taken
 * while the server runs restores with every row. The server and the scripts run as real processes.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmod, cp, mkdtemp, open, rm, stat, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count as count_ } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, usePostgres, type TestApp } from '../../test/harness.js';
import { openDatabase, type Db } from './client.js';
import { users } from './schema.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const serverDir = path.join(root, 'apps/server');

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end and reports how it ended (never rejects). */
function run(cmd: string, args: string[], env: Record<string, string>, opts: { cwd?: string; uid?: number } = {}) {
  return new Promise<Exit>((resolve) => {
    execFile(
      cmd,
      args,
      {
        cwd: opts.cwd ?? root,
        env: { ...process.env, LOG_LEVEL: 'warn', PORT: '0', HOST: '127.0.0.1', DATABASE_URL: '', ...env },
        timeout: 60_000,
        ...(opts.uid === undefined ? {} : { uid: opts.uid, gid: opts.uid }),
      },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** The real server process (src/main.ts through tsx, as `npm run dev` runs it). */
const startServer = (env: Record<string, string>, uid?: number) =>
  run(process.execPath, ['--import', 'tsx', 'src/main.ts'], env, { cwd: serverDir, uid });

/** One line on stderr, no stack trace. */
function oneLine(stderr: string): string {
  const lines = stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).not.toMatch(/\n\s+at /);
  return lines[0]!;
}

// Each test spawns processes and opens databases on disk: slow on a busy machine, not a timing claim.
const SLOW = 180_000;

/** Members straight into the database (no password hashing: sign-in is not what is tested). */
async function addUsers(db: Db, n: number): Promise<void> {
  const rows = Array.from({ length: n }, () => {
    const id = randomUUID();
    return {
      id,
      name: `Member ${id}`,
      username: `m_${id.replace(/-/g, '').slice(0, 16)}`,
      email: `${id}@example.test`,
    };
  });
  await db.insert(users).values(rows);
}

const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sajha-startup-'));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

describe('start-up settings', () => {
  it(
    'refuses a malformed DATABASE_URL with one line naming it and the fix',
    async () => {
      const res = await startServer({ DATA_DIR: await tempDir(), DATABASE_URL: 'not-a-url' });
      expect(res.code).toBe(1);
      const line = oneLine(res.stderr);
      expect(line).toContain('DATABASE_URL');
      expect(line).toContain('postgres://user:password@host:5432/database');
      expect(line).not.toContain('ENOTFOUND');
    },
    SLOW,
  );

  it(
    'refuses an unreachable PostgreSQL with one line, without printing the password',
    async () => {
      const res = await startServer({
        DATA_DIR: await tempDir(),
        DATABASE_URL: 'postgres://sajha:s3cret@127.0.0.1:1/x',
      });
      expect(res.code).toBe(1);
      const line = oneLine(res.stderr);
      expect(line).toMatch(/DATABASE_URL: cannot reach PostgreSQL at postgres:\/\/127\.0\.0\.1:1\/x \(ECONNREFUSED\)/);
      expect(line).not.toContain('s3cret');
    },
    SLOW,
  );

  it(
    'refuses a read-only DATA_DIR with one line naming it and the fix',
    async () => {
      const dataDir = await tempDir();
      await chmod(dataDir, 0o555);
      // root writes anywhere: then the server runs as `nobody`, for whom the folder is read-only.
      const uid = process.getuid?.() === 0 ? 65534 : undefined;
      if (uid !== undefined) await chmod(path.dirname(dataDir), (await stat(path.dirname(dataDir))).mode | 0o001);
      const res = await startServer({ DATA_DIR: dataDir, HOME: dataDir }, uid);
      expect(res.code).toBe(1);
      const line = oneLine(res.stderr);
      expect(line).toContain(`DATA_DIR: ${dataDir} is not a writable folder (EACCES)`);
    },
    SLOW,
  );
});

describe.skipIf(usePostgres())('the embedded database on start', () => {
  // One sound data dir with rows, written the way the app writes and closed cleanly; each test damages a copy.
  let sound: string;
  let usersPath: string;
  beforeAll(async () => {
    sound = await mkdtemp(path.join(os.tmpdir(), 'sajha-sound-'));
    const database = await openDatabase({ pgliteDir: path.join(sound, 'pglite') });
    // Enough rows for pages that neither end's sample reads (integrity.ts: SAMPLE_PAGES at each end).
    await addUsers(database.db, 1500);
    const res = await database.executeSql(`SELECT pg_relation_filepath('users') AS p`, []);
    usersPath = (res.rows[0] as { p: string }).p;
    await database.close();
  }, SLOW);
  afterAll(() => rm(sound, { recursive: true, force: true }));

  async function dataDirWithUsers(): Promise<{ dataDir: string; usersFile: string }> {
    const dataDir = await tempDir();
    await cp(sound, dataDir, { recursive: true });
    return { dataDir, usersFile: path.join(dataDir, 'pglite', usersPath) };
  }

  it(
    'starts on a sound data dir, and refuses one whose table file was cut short, naming it and the restore',
    async () => {
      const { dataDir, usersFile } = await dataDirWithUsers();
      await expect(openDatabase({ pgliteDir: path.join(dataDir, 'pglite') }).then((d) => d.close())).resolves.toBe(
        undefined,
      );
      const size = (await stat(usersFile)).size;
      expect(size).toBeGreaterThan(2 * 8192);
      await truncate(usersFile, size - 8192);

      const res = await startServer({ DATA_DIR: dataDir });
      expect(res.code).toBe(1);
      const line = oneLine(res.stderr);
      expect(line).toContain(`the embedded database in ${path.join(dataDir, 'pglite')} is damaged`);
      expect(line).toContain('npm run restore -- <backup file>');
    },
    SLOW,
  );

  it(
    "trusts a clean close for its files' sizes only: without its seal (a crash) every page is read again",
    async () => {
      const { dataDir, usersFile } = await dataDirWithUsers();
      const pgliteDir = path.join(dataDir, 'pglite');
      const seal = `${pgliteDir}.seal.json`;
      const exists = (f: string) =>
        stat(f).then(
          () => true,
          () => false,
        );
      // The copy was closed cleanly: opening takes its seal away (a crash now leaves none), closing writes it.
      expect(await exists(seal)).toBe(true);
      const database = await openDatabase({ pgliteDir });
      expect(await exists(seal)).toBe(false);
      await database.close();
      expect(await exists(seal)).toBe(true);

      // A page in the middle of the table, which the sealed start's sample does not read, gets garbled.
      const pages = (await stat(usersFile)).size / 8192;
      expect(pages).toBeGreaterThan(2 * 8 + 2);
      const middle = Math.floor(pages / 2);
      const file = await open(usersFile, 'r+');
      await file.write(Buffer.alloc(64, 0xee), 0, 64, middle * 8192 + 24);
      await file.close();
      // Sealed, the sizes are right and the sample passes: the trade for a start that does not grow with data.
      await openDatabase({ pgliteDir }).then((d) => d.close());
      // With no seal, as after a crash or a restore, every page is read and the damage is found.
      const damaged = new RegExp(`the embedded database in .* is damaged \\(.*(page|block) ${middle}\\b`);
      await rm(seal);
      await expect(openDatabase({ pgliteDir })).rejects.toThrow(damaged);
      // A seal that is not a list of sizes (edited by hand, half written) vouches for nothing either.
      await writeFile(seal, 'null');
      await expect(openDatabase({ pgliteDir })).rejects.toThrow(damaged);
      expect(await exists(seal)).toBe(false);
    },
    SLOW,
  );

  it(
    'refuses a data dir with a garbled page',
    async () => {
      const { dataDir, usersFile } = await dataDirWithUsers();
      const file = await open(usersFile, 'r+');
      // Overwrite the line pointers of the first page (after its 24-byte header) with garbage.
      await file.write(Buffer.alloc(64, 0xee), 0, 64, 24);
      await file.close();
      await expect(openDatabase({ pgliteDir: path.join(dataDir, 'pglite') })).rejects.toThrow(
        /DATA_DIR: the embedded database in .* is damaged \(.*block 0/,
      );
    },
    SLOW,
  );
});

describe.skipIf(usePostgres())('npm run backup', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, (c) => {
      c.inMemoryDb = false;
    });
  }, SLOW);
  afterAll(() => t?.close());

  it(
    'copies the running database, and the copy restores with every row',
    async () => {
      const port = new URL(t.url).port;
      await addUsers(t.db, 300);
      const count = async (db: Db) => (await db.select({ n: count_() }).from(users))[0]!.n;
      const before = await count(t.db);

      // Writes go on while the copy is taken; everything committed before it began must be in it.
      let writing = true;
      const writer = (async () => {
        while (writing) await addUsers(t.db, 1);
      })();
      const file = path.join(await tempDir(), 'copy.tar.gz');
      const backup = await run(process.execPath, ['scripts/backup.mjs', file], { DATA_DIR: t.dataDir, PORT: port });
      writing = false;
      await writer;
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      expect(backup.stdout).toContain(`Backup written: ${file}`);

      const restoredDir = await tempDir();
      // A seal left by a database moved aside must not vouch for the restored one.
      const staleSeal = path.join(restoredDir, 'pglite.seal.json');
      await writeFile(staleSeal, '{}');
      const restore = await run(process.execPath, ['scripts/restore.mjs', file], { DATA_DIR: restoredDir });
      expect(restore.stderr).toBe('');
      expect(restore.code).toBe(0);
      await expect(stat(staleSeal)).rejects.toThrow(/ENOENT/);
      // The restored copy passes the start-up check and holds every row written before the backup.
      const restored = await openDatabase({ pgliteDir: path.join(restoredDir, 'pglite') });
      try {
        expect(before).toBeGreaterThanOrEqual(300);
        expect(await count(restored.db)).toBeGreaterThanOrEqual(before);
      } finally {
        await restored.close();
      }
    },
    SLOW,
  );

  it(
    'is refused without the token from DATA_DIR, and a restore never overwrites a database',
    async () => {
      const res = await fetch(`${t.url}/api/admin/backup`, { headers: { authorization: 'Bearer guess' } });
      expect(res.status).toBe(403);
      const restoreOver = await run(process.execPath, ['scripts/restore.mjs', __filename], { DATA_DIR: t.dataDir });
      expect(restoreOver.code).toBe(1);
      expect(restoreOver.stderr).toContain('is not empty: stop Sajha and move that folder aside first');
    },
    SLOW,
  );
});
