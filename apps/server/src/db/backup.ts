/**
 * `npm run backup` (scripts/backup.mjs) while the server runs: the embedded database allows one process
 * only, so the copy is made by the running server, between two queries, and fetched over loopback.
 * Only someone who can read DATA_DIR/backup.token (the server's owner, who could copy the folder anyway)
 * may ask; the request must also come from this machine. PostgreSQL deployments use pg_dump instead.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Messages } from '@sajha/contract';
import type { AppDeps } from '../deps.js';

/** Not in the product contract: an operator's endpoint, used by scripts/backup.mjs only. */
export const BACKUP_PATH = '/api/admin/backup';
export const BACKUP_TOKEN_FILE = 'backup.token';

export async function backupRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const database = deps.database;
  if (!database.dumpDataDir) return;
  const token = await ensureToken(path.join(deps.config.dataDir, BACKUP_TOKEN_FILE));
  app.get(BACKUP_PATH, async (req, reply) => {
    // The socket's own address, not X-Forwarded-For: a proxy on this machine must not make visitors local.
    const local = /^(127\.|::1$|::ffff:127\.)/.test(req.socket.remoteAddress ?? '');
    const given = Buffer.from(req.headers.authorization ?? '');
    const wanted = Buffer.from(`Bearer ${token}`);
    if (!local || given.length !== wanted.length || !timingSafeEqual(given, wanted)) {
      return reply.code(403).send({ success: false, message: Messages.server.forbidden });
    }
    const dump = await database.dumpDataDir!();
    deps.log.info({ bytes: dump.size }, 'database backup taken');
    return reply
      .header('Content-Type', 'application/gzip')
      .header('Cache-Control', 'no-store')
      .send(Buffer.from(await dump.arrayBuffer()));
  });
}

/** The secret lives beside the data, readable by its owner only; made once, kept across restarts. */
async function ensureToken(file: string): Promise<string> {
  try {
    await writeFile(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return (await readFile(file, 'utf8')).trim();
}
