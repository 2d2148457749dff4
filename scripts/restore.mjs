// `npm run restore -- <backup.tar.gz>`: puts a backup made by `npm run backup` back as the embedded
// database (DATA_DIR/pglite). Run it with the server stopped and the damaged folder moved aside.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

const fail = (line) => {
  console.error(`Restore failed: ${line}`);
  process.exit(1);
};
const file = process.argv[2];
if (!file) fail('name the backup file: npm run restore -- backups/sajha-<time>.tar.gz');
if (process.env.DATABASE_URL)
  fail('DATABASE_URL is set: restore PostgreSQL with pg_restore --clean --dbname="$DATABASE_URL" <file>.');
const target = path.join(path.resolve(process.env.DATA_DIR || './data'), 'pglite');
if (existsSync(target) && readdirSync(target).length > 0) {
  fail(`${target} is not empty: stop Sajha and move that folder aside first (e.g. mv ${target} ${target}.damaged).`);
}
let bytes;
try {
  bytes = readFileSync(path.resolve(file));
} catch (err) {
  fail(`cannot read ${file} (${err.code}).`);
}
const db = new PGlite(target, { loadDataDir: new Blob([bytes]) });
await db.waitReady;
const { rows } = await db.query(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`);
await db.close();
// A seal left by the database moved aside says nothing of this one: its first start reads every row.
rmSync(`${target}.seal.json`, { force: true });
console.log(
  `Restored ${file} into ${target} (${rows[0].n} tables). Start Sajha as usual; it checks the database on start.`,
);
