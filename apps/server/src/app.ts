/**
 * Builds the whole server: database, HTTP routes, both sockets, the web app. No global state, so
 * tests start as many as they like. `main.ts` only reads the config, builds and listens.
 */
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import type { Redis } from 'ioredis';
import pino, { type Logger } from 'pino';
import { Messages, localizeText } from '@sajha/contract';
import { requestLocale } from './platform/locale.js';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { backupRoutes } from './db/backup.js';
import type { AppDeps } from './deps.js';
import { EventBus } from './events/bus.js';
import type { DomainEventName } from './events/map.js';
import type { Feature, FeatureContext, JobDef } from './feature.js';
import { registerRoutes } from './http/route.js';
import { closeAccount, deleteAccountData, exportAccount } from './account.js';
import { startJobs, type JobName } from './platform/jobs.js';
import { createLifecycle } from './platform/lifecycle.js';
import { createMemoryPresence, createRedisPresence } from './platform/presence.js';
import { AppError, RateLimitedError } from './platform/errors.js';
import { loggerOptions } from './platform/logger.js';
import { createMetrics, timeHttp } from './platform/metrics.js';
import { createMailer } from './platform/mail.js';
import { isAllowedOrigin } from './platform/origin.js';
import { createLimiters } from './platform/rate-limit.js';
import { createLocalStorage } from './platform/storage.js';
import { securityHeaders } from './platform/security-headers.js';
import { createS3Storage } from './platform/storage-s3.js';
import { createPolicy } from './policy/authorize.js';
import { createRelations } from './policy/relations.js';
import { createRealtime, type Realtime } from './realtime/index.js';
import { compressAnswers, defaultWebDist, webRoutes } from './web/static.js';
import ai from './features/ai/index.js';
import help from './features/help/index.js';
import search from './features/search/index.js';
import privacy from './features/privacy/index.js';
import auth from './features/auth/index.js';
import calls from './features/calls/index.js';
import chat from './features/chat/index.js';
import dashboard from './features/dashboard/index.js';
import engagement from './features/engagement/index.js';
import features from './features/features/index.js';
import feed from './features/feed/index.js';
import health from './features/health/index.js';
import media from './features/media/index.js';
import moderation from './features/moderation/index.js';
import notifications from './features/notifications/index.js';
import people from './features/people/index.js';
import posts from './features/posts/index.js';
import reels from './features/reels/index.js';
import settings from './features/settings/index.js';
import signup from './features/signup/index.js';
import saved from './features/saved/index.js';

/**
 * Every area of the app, in the order its account hooks run on a deletion (media last: other areas'
 * rows point at files).
 */
export const FEATURES: readonly Feature[] = [
  health,
  auth,
  settings,
  people,
  privacy,
  posts,
  engagement,
  feed,
  reels,
  saved,
  features,
  chat,
  calls,
  moderation,
  signup,
  dashboard,
  notifications,
  help,
  search,
  ai,
  media,
];

export interface App {
  http: FastifyInstance;
  realtime: Realtime;
  deps: AppDeps;
  /** Listens on config.port (0 picks a free one) and resolves to the base URL. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

export interface BuildOptions {
  /** Pass a logger (tests pass a silent one). */
  logger?: Logger;
  /** Use an already open database (tests share one per file). */
  database?: Database;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const log = options.logger ?? pino(loggerOptions(config.logLevel));
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: config.inMemoryDb ? undefined : path.join(config.dataDir, 'pglite'),
    }));
  log.info({ database: database.kind }, 'database ready');

  let redis: Redis | undefined;
  if (config.redisUrl) {
    const { Redis } = await import('ioredis');
    redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2 });
  }

  // Typed as Fastify's base logger so the instance keeps Fastify's default generic parameters.
  const baseLog: FastifyBaseLogger = log;
  const http = Fastify({
    loggerInstance: baseLog,
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
  });
  await http.register(fastifyCookie);
  // Upper bounds for any multipart upload; each route sets its own tighter limits on top.
  await http.register(fastifyMultipart, {
    limits: { fileSize: 50 * 1024 * 1024, files: 10, fields: 10, parts: 25, fieldSize: 16 * 1024 },
  });
  await compressAnswers(http);

  const bus = new EventBus(log);
  const jobs = await startJobs({ database, log, pollSeconds: config.jobPollSeconds });
  const accountHooks = FEATURES.flatMap((f) => (f.account ? [f.account] : []));
  const metrics = createMetrics();
  const deps: AppDeps = {
    config,
    database,
    db: database.db,
    log,
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
      log,
    }),
    limiters: createLimiters(redis),
    storage:
      config.storage.kind === 's3'
        ? createS3Storage(config.storage)
        : createLocalStorage(path.join(config.dataDir, 'media')),
    bus,
    jobs,
    presence: redis ? createRedisPresence(redis) : createMemoryPresence(),
    lifecycle: createLifecycle(),
    metrics,
    redis,
    policy: createPolicy(
      createRelations(database),
      FEATURES.flatMap((f) => (f.policy ? [f.policy] : [])),
    ),
    account: {
      exportOf: (member) => exportAccount(deps, accountHooks, member),
      close: (userId) => closeAccount(deps, userId),
    },
  };

  timeHttp(http, metrics.http);
  // State-changing calls from a foreign site are refused before any handler runs.
  http.addHook('onRequest', async (req, reply) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return;
    if (!isAllowedOrigin(req.headers.origin, req.headers.host, config.publicUrl)) {
      return reply
        .code(403)
        .send({ success: false, message: localizeText(requestLocale(req), Messages.server.badOrigin) });
    }
  });
  // CSP and the other hardened headers (nosniff, referrer, frame, opener...) on every answer.
  await securityHeaders(http, config.publicUrl);
  http.setErrorHandler((err, req, reply) => {
    if (err instanceof AppError) {
      if (err instanceof RateLimitedError) void reply.header('Retry-After', String(err.retryAfterSeconds));
      return reply.code(err.status).send({
        success: false,
        message: localizeText(requestLocale(req), err.message),
        ...(err.field ? { field: err.field } : {}),
      });
    }
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply
        .code(status)
        .send({ success: false, message: localizeText(requestLocale(req), Messages.server.invalidPayload) });
    }
    req.log.error({ err }, 'request failed');
    return reply
      .code(500)
      .send({ success: false, message: localizeText(requestLocale(req), Messages.server.internal) });
  });

  for (const f of FEATURES) registerRoutes(http, deps, f.http ?? []);
  await backupRoutes(http, deps);
  const heads = FEATURES.flatMap((f) => (f.pageHead ? [f.pageHead] : []));
  await webRoutes(
    http,
    config.webDist ?? defaultWebDist(),
    { contestUrl: config.links.contest, sisterSiteUrl: config.links.sisterSite },
    async (req, pathname) => {
      for (const head of heads) {
        const found = await head(deps, { pathname, locale: requestLocale(req) });
        if (found) return found;
      }
      return null;
    },
  );

  const realtime = await createRealtime({
    httpServer: http.server,
    deps,
    publicUrl: config.publicUrl,
    redisUrl: config.redisUrl,
    main: {
      handlers: FEATURES.flatMap((f) => f.socket ?? []),
      hooks: FEATURES.flatMap((f) => (f.sockets ? [f.sockets] : [])),
    },
    call: {
      handlers: FEATURES.flatMap((f) => f.callSocket ?? []),
      hooks: FEATURES.flatMap((f) => (f.callSockets ? [f.callSockets] : [])),
    },
    redis,
    socketLimits: config.sockets,
    trustProxy: config.trustProxy,
  });
  const ctx: FeatureContext = { deps, io: { main: realtime.main, call: realtime.call } };
  for (const f of FEATURES) subscribe(ctx, f);
  // Background work: mail and account deletion are the app's own; the rest each area's.
  await jobs.work('mail.send', (mail) => deps.mailer.send(mail), { concurrency: 3 });
  await jobs.work('account.delete', ({ userId }) => deleteAccountData(deps, accountHooks, userId));
  for (const f of FEATURES) await registerJobs(deps, f);
  await http.ready();
  const stoppers: (() => void)[] = [];
  for (const f of FEATURES) {
    const stop = await f.start?.(ctx);
    if (stop) stoppers.push(stop);
  }

  let closed = false;
  return {
    http,
    realtime,
    deps,
    async listen() {
      await http.listen({ port: config.port, host: config.host });
      const addr = http.server.address();
      const port = typeof addr === 'object' && addr ? addr.port : config.port;
      return `http://127.0.0.1:${port}`;
    },
    async close() {
      if (closed) return;
      closed = true;
      // Draining: readiness turns false at once; after DRAIN_DELAY_S (the balancer has noticed) the
      // sockets finish what they accepted and are told to reconnect elsewhere.
      deps.lifecycle.draining = true;
      if (config.drainDelayMs > 0) await new Promise((r) => setTimeout(r, config.drainDelayMs));
      await realtime.drain();
      for (const stop of stoppers) stop();
      await realtime.close();
      // Requests in flight get a few seconds; then a stalled client (a body never read) cannot hold the shutdown.
      const grace = setTimeout(() => http.server.closeAllConnections(), 5000);
      grace.unref();
      await http.close();
      clearTimeout(grace);
      // No socket is left to read anything: what areas still hold in memory is written before the database closes.
      for (const f of FEATURES) await f.flush?.(deps);
      await jobs.stop();
      await deps.presence.close();
      await realtime.closeLinks();
      deps.mailer.close();
      if (redis) await redis.quit().catch(() => undefined);
      if (!options.database) await database.close();
    },
  };
}

/** An area's bus subscriptions: each listener gets the fact and the app's context. */
function subscribe(ctx: FeatureContext, feature: Feature): void {
  for (const [name, listeners] of Object.entries(feature.on ?? {}) as [DomainEventName, unknown][]) {
    const list = (Array.isArray(listeners) ? listeners : [listeners]) as ((p: unknown, c: FeatureContext) => unknown)[];
    for (const listener of list) ctx.deps.bus.subscribe(name, (payload) => listener(payload, ctx));
  }
}

/** An area's job workers, and the cron schedules that feed them. */
async function registerJobs(deps: AppDeps, feature: Feature): Promise<void> {
  for (const [name, def] of Object.entries(feature.jobs ?? {}) as [JobName, JobDef<JobName>][]) {
    await deps.jobs.work(name, (data) => def.work(data, deps), def.options);
    if (def.cron) await deps.jobs.schedule(name, def.cron.schedule, def.cron.data, deps.config.timeZone);
  }
}
