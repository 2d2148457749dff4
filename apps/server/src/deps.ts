/** What feature modules receive: built once per app, never global, so tests can run several apps. */
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { Mailer } from './platform/mail.js';
import type { Limiters } from './platform/rate-limit.js';
import type { Storage } from './platform/storage.js';
import type { Realtime } from './realtime/index.js';

export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  log: Logger;
  mailer: Mailer;
  limiters: Limiters;
  /** Uploaded bytes (local disk under DATA_DIR/media by default). */
  storage: Storage;
  /** Filled in once the HTTP server exists; feature services emit through it. */
  realtime: Realtime;
}
