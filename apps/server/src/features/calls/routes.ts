/** GET /api/calls/ice-servers: STUN/TURN for the signed-in member (short-lived TURN credentials). */
import { Routes } from '@sajha/contract';
import { route } from '../../http/route.js';
import { iceServersFor } from './ice.js';

export const callsRoutes = [
  route(Routes.iceServers, { action: 'call.ice', auth: 'required' }, ({ deps, auth, reply }) => {
    // Credentials are per member and short-lived: never cached by a shared cache.
    void reply.header('Cache-Control', 'no-store');
    return iceServersFor(deps.config.calls, auth.user.id);
  }),
];
