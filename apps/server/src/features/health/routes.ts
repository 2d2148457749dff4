import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';

export function healthRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/api/health', async (_req, reply) => {
    const up = await deps.database.ping();
    return reply.code(up ? 200 : 503).send({
      status: up ? 'ok' : 'degraded',
      database: up ? 'up' : 'down',
      uptimeSeconds: Math.round(process.uptime()),
    });
  });
}
