import type { FastifyInstance } from 'fastify';
import { Routes } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { route } from '../../http/route.js';

export function healthRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, Routes.health, { auth: 'none' }, async ({ reply }) => {
    const up = await deps.database.ping();
    return reply.code(up ? 200 : 503).send({
      status: up ? 'ok' : 'degraded',
      database: up ? 'up' : 'down',
      uptimeSeconds: Math.round(process.uptime()),
    });
  });

  // Liveness is /api/health; readiness also says "not now" while this node drains (SIGTERM).
  route(app, deps, Routes.ready, { auth: 'none' }, async ({ reply }) => {
    if (deps.lifecycle.draining) return reply.code(503).send({ ready: false, status: 'draining' });
    const up = await deps.database.ping();
    return reply.code(up ? 200 : 503).send({ ready: up, status: up ? 'ready' : 'degraded' });
  });
}
