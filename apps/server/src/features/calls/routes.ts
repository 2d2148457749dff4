/** GET /api/calls/ice-servers: STUN/TURN for the signed-in member (short-lived TURN credentials). */
import type { FastifyInstance } from 'fastify';
import { CALL_ROUTES, Messages } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../platform/errors.js';
import { findSession, SESSION_COOKIE } from '../auth/sessions.js';
import { iceServersFor } from './ice.js';

export function callsRoutes(http: FastifyInstance, deps: AppDeps): void {
  http.get(CALL_ROUTES.iceServers, async (req, reply) => {
    const session = await findSession(deps.db, req.cookies[SESSION_COOKIE]);
    if (!session) throw new AppError(Messages.server.unauthorized, 401);
    // Credentials are per member and short-lived: never cached by a shared cache.
    reply.header('Cache-Control', 'no-store');
    return iceServersFor(deps.config.calls, session.user.id);
  });
}
