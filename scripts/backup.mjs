// `npm run backup [file]`: a consistent copy of the database while Sajha runs.
// Embedded database: the running server makes the copy between two queries (apps/server/src/db/backup.ts)
// and this script saves it. PostgreSQL (DATABASE_URL set): pg_dump does the same job.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');
const dataDir = path.resolve(process.env.DATA_DIR || './data');
const fail = (line) => {
  console.error(`Backup failed: ${line}`);
  process.exit(1);
};

if (process.env.DATABASE_URL) {
  const out = path.resolve(process.argv[2] || `backups/sajha-${stamp}.dump`);
  mkdirSync(path.dirname(out), { recursive: true });
  const res = spawnSync('pg_dump', ['--format=custom', `--file=${out}`, process.env.DATABASE_URL], {
    stdio: 'inherit',
  });
  if (res.error) fail(`could not run pg_dump (${res.error.code}): install the PostgreSQL client tools.`);
  if (res.status !== 0) process.exit(res.status ?? 1);
  console.log(`Backup written: ${out} (restore with pg_restore --clean --dbname=<DATABASE_URL> ${out})`);
} else {
  const out = path.resolve(process.argv[2] || `backups/sajha-${stamp}.tar.gz`);
  let token;
  try {
    token = readFileSync(path.join(dataDir, 'backup.token'), 'utf8').trim();
  } catch (err) {
    fail(
      `cannot read ${path.join(dataDir, 'backup.token')} (${err.code}): run this as the server's user with its DATA_DIR, while it runs.`,
    );
  }
  const url = `http://127.0.0.1:${process.env.PORT || 3000}/api/admin/backup`;
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } }).catch((err) =>
    fail(
      `no server answered at ${url} (${err.cause?.code ?? err.message}): start Sajha, with the same PORT and DATA_DIR.`,
    ),
  );
  if (!res.ok) fail(`the server answered ${res.status} at ${url}: is it the Sajha using DATA_DIR=${dataDir}?`);
  const bytes = Buffer.from(await res.arrayBuffer());
  mkdirSync(path.dirname(out), { recursive: true });
  // Written beside, then renamed: a half-written file never looks like a backup.
  writeFileSync(`${out}.partial`, bytes, { mode: 0o600 });
  renameSync(`${out}.partial`, out);
  console.log(
    `Backup written: ${out} (${(bytes.length / 1048576).toFixed(1)} MB; restore with npm run restore -- ${out})`,
  );
}
