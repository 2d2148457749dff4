/** Liveness and readiness for load balancers: public, no session. */
import { Routes } from '@sajha/contract';
import { route } from '../../http/route.js';

export const healthRoutes = [
  route(Routes.health, { action: 'public', auth: 'none' }, async ({ deps, reply }) => {
    const up = await deps.database.ping();
    return reply.code(up ? 200 : 503).send({
      status: up ? 'ok' : 'degraded',
      database: up ? 'up' : 'down',
      uptimeSeconds: Math.round(process.uptime()),
    });
  }),

  // Liveness is /api/health; readiness also says "not now" while this node drains (SIGTERM).
  route(Routes.ready, { action: 'public', auth: 'none' }, async ({ deps, reply }) => {
    if (deps.lifecycle.draining) return reply.code(503).send({ ready: false, status: 'draining' });
    const up = await deps.database.ping();
    return reply.code(up ? 200 : 503).send({ ready: up, status: up ? 'ready' : 'degraded' });
  }),
];
