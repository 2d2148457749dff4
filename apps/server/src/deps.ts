/** What feature modules receive: built once per app, never global, so tests can run several apps. */
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { EventBus } from './events/bus.js';
import type { Jobs } from './platform/jobs.js';
import type { Lifecycle } from './platform/lifecycle.js';
import type { Metrics } from './platform/metrics.js';
import type { Mailer } from './platform/mail.js';
import type { Policy } from './policy/authorize.js';
import type { Presence } from './platform/presence.js';
import type { Limiters } from './platform/rate-limit.js';
import type { Storage } from './platform/storage.js';

export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  log: Logger;
  mailer: Mailer;
  limiters: Limiters;
  /** Uploaded bytes (local disk under DATA_DIR/media by default). */
  storage: Storage;
  /** Facts services publish; each feature's publish.ts turns them into socket emits. */
  bus: EventBus;
  /** The PostgreSQL-backed job queue: mail, push, digests and every other slow or retryable task. */
  jobs: Jobs;
  /** Connection counts per member (online, viewing a chat), shared across nodes through Redis. */
  presence: Presence;
  /** Serving or draining (SIGTERM); readiness answers from it. */
  lifecycle: Lifecycle;
  /** This node's Prometheus registry (served at /metrics) and its HTTP and socket timers. */
  metrics: Metrics;
  /** The Redis connection when REDIS_URL is set (presence, limits and the adapter use it; health checks ping it). */
  redis: Redis | undefined;
  /** `authorize(actor, action, resource)` over every area's ability table, and the relations between members. */
  policy: Policy;
  /** The member's account as a whole, over every area's account hooks (account.ts). */
  account: AccountService;
}

export interface AccountService {
  /** The member's export: a zip stream of everything they made or chose, area by area. */
  exportOf(member: { id: string; username: string }): Promise<NodeJS.ReadableStream>;
  /** Closes the account at once (sign-in, sessions, username) and queues the deletion of all its data. */
  close(userId: string): Promise<void>;
}
