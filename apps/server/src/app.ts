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
import { Messages } from '@sajha/contract';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { backupRoutes } from './db/backup.js';
import type { AppDeps } from './deps.js';
import { sessionSocketModule } from './features/auth/events.js';
import { aiRoutes } from './features/ai/routes.js';
import { authRoutes } from './features/auth/routes.js';
import { authJobs } from './features/auth/service.js';
import { callsMainSocketModule, callsSocketModule } from './features/calls/events.js';
import { callsRoutes } from './features/calls/routes.js';
import { publishCalls } from './features/calls/publish.js';
import { callJobs } from './features/calls/jobs.js';
import { chatSocketModule } from './features/chat/events.js';
import { chatRoutes } from './features/chat/routes.js';
import { healthRoutes } from './features/health/routes.js';
import { notificationsSocketModule } from './features/notifications/events.js';
import { mediaRoutes } from './features/media/routes.js';
import { peopleSocketModule } from './features/people/events.js';
import { postsSocketModule } from './features/posts/events.js';
import { livePostsSocketModule } from './features/posts/live.js';
import { feedSocketModule } from './features/feed/events.js';
import { commentsSocketModule } from './features/comments/events.js';
import { postsRoutes } from './features/posts/routes.js';
import { notificationJobs } from './features/notifications/jobs.js';
import { chatFileJobs } from './features/chat/attachments.js';
import { postLinkJobs } from './features/posts/link-jobs.js';
import { publishNotifications } from './features/notifications/publish.js';
import { publishPosts } from './features/posts/publish.js';
import { publishChat } from './features/chat/publish.js';
import { chatState } from './features/chat/state.js';
import { EventBus } from './events/bus.js';
import { startJobs } from './platform/jobs.js';
import { createLifecycle } from './platform/lifecycle.js';
import { createMemoryPresence, createRedisPresence } from './platform/presence.js';
import { AppError, RateLimitedError } from './platform/errors.js';
import { settingsSocketModule } from './features/settings/events.js';
import { settingsRoutes } from './features/settings/routes.js';
import { publishSettings } from './features/settings/publish.js';
import { featuresSocketModule } from './features/features/events.js';
import { reelsSocketModule } from './features/reels/events.js';
import { reelsRoutes } from './features/reels/routes.js';
import { publishReels } from './features/reels/publish.js';
import { startReelWorker } from './features/reels/worker.js';
import { loggerOptions } from './platform/logger.js';
import { createMailer, mailJobs } from './platform/mail.js';
import { isAllowedOrigin } from './platform/origin.js';
import { createLimiters } from './platform/rate-limit.js';
import { createLocalStorage } from './platform/storage.js';
import { securityHeaders } from './platform/security-headers.js';
import { createS3Storage } from './platform/storage-s3.js';
import { createRealtime, type Realtime } from './realtime/index.js';
import { compressAnswers, defaultWebDist, webRoutes } from './web/static.js';

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
  };

  // State-changing calls from a foreign site are refused before any handler runs.
  http.addHook('onRequest', async (req, reply) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return;
    if (!isAllowedOrigin(req.headers.origin, req.headers.host, config.publicUrl)) {
      return reply.code(403).send({ success: false, message: Messages.server.badOrigin });
    }
  });
  // CSP and the other hardened headers (nosniff, referrer, frame, opener...) on every answer.
  await securityHeaders(http, config.publicUrl);
  http.setErrorHandler((err, req, reply) => {
    if (err instanceof AppError) {
      if (err instanceof RateLimitedError) void reply.header('Retry-After', String(err.retryAfterSeconds));
      return reply
        .code(err.status)
        .send({ success: false, message: err.message, ...(err.field ? { field: err.field } : {}) });
    }
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.code(status).send({ success: false, message: Messages.server.invalidPayload });
    }
    req.log.error({ err }, 'request failed');
    return reply.code(500).send({ success: false, message: Messages.server.internal });
  });

  healthRoutes(http, deps);
  authRoutes(http, deps);
  // Area routes register below, one line each.
  postsRoutes(http, deps);
  mediaRoutes(http, deps);
  chatRoutes(http, deps);
  aiRoutes(http, deps);
  settingsRoutes(http, deps);
  callsRoutes(http, deps);
  reelsRoutes(http, deps);
  await backupRoutes(http, deps);
  await webRoutes(http, config.webDist ?? defaultWebDist(), {
    contestUrl: config.links.contest,
    sisterSiteUrl: config.links.sisterSite,
  });

  const realtime = await createRealtime({
    httpServer: http.server,
    db: database.db,
    log,
    publicUrl: config.publicUrl,
    redisUrl: config.redisUrl,
    bus,
    presence: deps.presence,
    // Area socket modules, one entry each.
    mainModules: [
      sessionSocketModule(),
      notificationsSocketModule(deps),
      postsSocketModule(deps),
      livePostsSocketModule(),
      feedSocketModule(deps),
      commentsSocketModule(deps),
      chatSocketModule(deps),
      peopleSocketModule(deps),
      settingsSocketModule(deps),
      callsMainSocketModule(deps),
      reelsSocketModule(deps),
      featuresSocketModule(deps),
    ],
    callModules: [callsSocketModule(deps)],
    lifecycle: deps.lifecycle,
    redis,
    socketLimits: config.sockets,
    trustProxy: config.trustProxy,
  });
  // Facts -> emits, one publisher per area.
  publishNotifications(bus, realtime.main);
  publishPosts(bus, realtime.main);
  publishChat(deps, bus, realtime.main);
  publishSettings(bus, realtime.main);
  publishCalls(bus, realtime.main, realtime.call);
  publishReels(bus, realtime.main);
  // Background work, one registration per area.
  await mailJobs(jobs, deps.mailer);
  await notificationJobs(deps);
  await callJobs(deps);
  await authJobs(deps);
  await chatFileJobs(deps);
  await postLinkJobs(deps);
  await http.ready();
  // Reel transcodes run in the background, one at a time; leftovers of a restart are picked up here.
  const reelWorker = await startReelWorker(deps);

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
      reelWorker.stop();
      await realtime.close();
      // Requests in flight get a few seconds; then a stalled client (a body never read) cannot hold the shutdown.
      const grace = setTimeout(() => http.server.closeAllConnections(), 5000);
      grace.unref();
      await http.close();
      clearTimeout(grace);
      // No socket is left to read anything: marks still gathering are written before the database closes.
      await chatState(deps).reads.flush();
      await jobs.stop();
      await deps.presence.close();
      await realtime.closeLinks();
      deps.mailer.close();
      if (redis) await redis.quit().catch(() => undefined);
      if (!options.database) await database.close();
    },
  };
}
