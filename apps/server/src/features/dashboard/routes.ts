/**
 * The staff dashboard (moderators and admins), and /metrics for Prometheus. /metrics answers:
 * - with METRICS_TOKEN set, whoever sends `Authorization: Bearer <token>` (from anywhere; a process on this
 *   machine needs it too), and 403 to anyone else;
 * - without it, a process on this machine only (a loopback peer that came through no proxy: a reverse proxy
 *   on the same machine makes every visitor's connection look local, and says so with X-Forwarded-For);
 *   anyone else gets the answer of an unknown page, so nothing tells them there are metrics here.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import { Messages, Routes } from '@sajha/contract';
import { route } from '../../http/route.js';
import { readDashboard } from './service.js';

export const dashboardRoutes = [
  route(Routes.staffDashboard, { action: 'dashboard.read', auth: 'required' }, async ({ deps }) => ({
    success: true,
    ...(await readDashboard(deps)),
  })),

  route(Routes.metrics, { action: 'public', auth: 'none' }, async ({ deps, req, reply }) => {
    const access = metricsAccess(deps.config.metricsToken, req);
    if (access === 'hidden') {
      reply.callNotFound();
      return reply;
    }
    if (access === 'refused') return reply.code(403).send({ success: false, message: Messages.server.forbidden });
    const { registry } = deps.metrics;
    return reply
      .header('Cache-Control', 'no-store')
      .type(registry.contentType)
      .send(await registry.metrics());
  }),
];

type Access = 'allowed' | 'refused' | 'hidden';

export function metricsAccess(
  token: string | undefined,
  req: Pick<FastifyRequest, 'headers'> & { socket: { remoteAddress?: string | undefined } },
): Access {
  if (token) return sameSecret(bearerOf(req.headers.authorization), token) ? 'allowed' : 'refused';
  const proxied = req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined;
  return !proxied && isLoopback(req.socket.remoteAddress) ? 'allowed' : 'hidden';
}

const bearerOf = (header: string | undefined): string => /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? '';

/** Compared as digests, in constant time (the lengths differ freely). */
function sameSecret(given: string, secret: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return given.length > 0 && timingSafeEqual(digest(given), digest(secret));
}

function isLoopback(address: string | undefined): boolean {
  if (!address || !ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'loopback';
}
