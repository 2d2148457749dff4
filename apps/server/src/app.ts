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
import type { AppDeps } from './deps.js';
import { sessionSocketModule } from './features/auth/events.js';
import { authRoutes } from './features/auth/routes.js';
import { chatSocketModule } from './features/chat/events.js';
import { chatRoutes } from './features/chat/routes.js';
import { healthRoutes } from './features/health/routes.js';
import { notificationsSocketModule } from './features/notifications/events.js';
import { mediaRoutes } from './features/media/routes.js';
import { postsSocketModule } from './features/posts/events.js';
import { livePostsSocketModule } from './features/posts/live.js';
import { postsRoutes } from './features/posts/routes.js';
import { sendDigests } from './features/notifications/service.js';
import { AppError } from './platform/errors.js';
import { loggerOptions } from './platform/logger.js';
import { createMailer } from './platform/mail.js';
import { isAllowedOrigin } from './platform/origin.js';
import { createLimiters } from './platform/rate-limit.js';
import { createLocalStorage } from './platform/storage.js';
import { createRealtime, type Realtime } from './realtime/index.js';
import { defaultWebDist, webRoutes } from './web/static.js';

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
    storage: createLocalStorage(path.join(config.dataDir, 'media')),
    realtime: undefined as unknown as Realtime,
  };

  // State-changing calls from a foreign site are refused before any handler runs.
  http.addHook('onRequest', async (req, reply) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return;
    if (!isAllowedOrigin(req.headers.origin, req.headers.host, config.publicUrl)) {
      return reply.code(403).send({ success: false, message: Messages.server.badOrigin });
    }
  });
  http.addHook('onSend', async (_req, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'SAMEORIGIN');
  });
  http.setErrorHandler((err, req, reply) => {
    if (err instanceof AppError) {
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
  await webRoutes(http, config.webDist ?? defaultWebDist());

  const realtime = await createRealtime({
    httpServer: http.server,
    db: database.db,
    log,
    publicUrl: config.publicUrl,
    redisUrl: config.redisUrl,
    // Area socket modules, one entry each.
    mainModules: [
      sessionSocketModule(deps),
      notificationsSocketModule(deps),
      postsSocketModule(deps),
      livePostsSocketModule(deps),
      chatSocketModule(deps),
    ],
    callModules: [],
  });
  deps.realtime = realtime;
  await http.ready();

  // The daily digest: checked hourly; each member is claimed atomically, so several nodes are safe.
  const digestTimer = setInterval(
    () => {
      sendDigests(deps).catch((err: unknown) => log.error({ err }, 'digest run failed'));
    },
    60 * 60 * 1000,
  );
  digestTimer.unref();

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
      clearInterval(digestTimer);
      await realtime.close();
      // Requests in flight get a few seconds; then a stalled client (a body never read) cannot hold the shutdown.
      const grace = setTimeout(() => http.server.closeAllConnections(), 5000);
      grace.unref();
      await http.close();
      clearTimeout(grace);
      deps.mailer.close();
      if (redis) await redis.quit().catch(() => undefined);
      if (!options.database) await database.close();
    },
  };
}
