/** GET /api/calls/ice-servers: STUN/TURN for the signed-in member (short-lived TURN credentials). */
import type { FastifyInstance } from 'fastify';
import { Routes } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { route } from '../../http/route.js';
import { iceServersFor } from './ice.js';

export function callsRoutes(http: FastifyInstance, deps: AppDeps): void {
  route(http, deps, Routes.iceServers, { auth: 'required' }, ({ auth, reply }) => {
    // Credentials are per member and short-lived: never cached by a shared cache.
    void reply.header('Cache-Control', 'no-store');
    return iceServersFor(deps.config.calls, auth.user.id);
  });
}
