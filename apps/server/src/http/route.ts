/**
 * The one wrapper every HTTP route goes through, the twin of the socket dispatcher (realtime/handler.ts):
 * session, rate limit, body parsed with the route's contract schema, then the handler. Errors are mapped by the
 * app's error handler ({success: false, message, field?}); nothing a client sends can throw past it.
 *
 *   route(app, deps, Routes.login, { auth: 'none', limits: ['loginPerIp'] }, async ({ body }) => ...)
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { Messages, type RouteDef } from '@sajha/contract';
import type { AppDeps } from '../deps.js';
import { findSession, SESSION_COOKIE, type AuthContext } from '../platform/sessions.js';
import { AppError, firstIssue, firstIssueKey } from '../platform/errors.js';
import type { LimiterName } from '../platform/rate-limit.js';

type Body<R extends RouteDef> = R extends { body: z.ZodType } ? z.output<R['body']> : undefined;

export interface RouteContext<R extends RouteDef, A> {
  body: Body<R>;
  params: Record<string, string>;
  query: Record<string, string | undefined>;
  /** The signed-in member and session; null only for routes with auth 'optional' or 'none'. */
  auth: A;
  req: FastifyRequest;
  reply: FastifyReply;
}

interface Options<Auth extends 'required' | 'optional' | 'none'> {
  auth: Auth;
  /** Limiters consumed before anything else: per client address, then (signed in) per member. */
  limits?: { perIp?: LimiterName; perUser?: LimiterName };
  /** Body keys -> the field name answered with a validation error (forms show it under that field). */
  fields?: Record<string, string>;
}

type AuthOf<Auth> = Auth extends 'required' ? AuthContext : AuthContext | null;

export function route<R extends RouteDef, Auth extends 'required' | 'optional' | 'none'>(
  app: FastifyInstance,
  deps: AppDeps,
  def: R,
  options: Options<Auth>,
  handler: (ctx: RouteContext<R, AuthOf<Auth>>) => unknown,
): void {
  app.route({
    method: def.method,
    url: def.path,
    handler: async (req, reply) => {
      if (options.limits?.perIp) await deps.limiters.consume(options.limits.perIp, req.ip);
      let auth: AuthContext | null = null;
      if (options.auth !== 'none') {
        auth = await findSession(deps.db, req.cookies[SESSION_COOKIE]);
        if (!auth && options.auth === 'required') throw new AppError(Messages.server.unauthorized, 401);
      }
      if (auth && options.limits?.perUser) await deps.limiters.consume(options.limits.perUser, auth.user.id);
      let body: unknown = undefined;
      if (def.body) {
        const parsed = def.body.safeParse(req.body ?? {});
        if (!parsed.success) {
          const key = firstIssueKey(parsed.error);
          throw new AppError(firstIssue(parsed.error), 400, key ? options.fields?.[key] : undefined);
        }
        body = parsed.data;
      }
      return handler({
        body: body as Body<R>,
        params: (req.params ?? {}) as Record<string, string>,
        query: (req.query ?? {}) as Record<string, string | undefined>,
        auth: auth as AuthOf<Auth>,
        req,
        reply,
      });
    },
  });
}
