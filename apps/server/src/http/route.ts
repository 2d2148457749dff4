/**
 * The one wrapper every HTTP route goes through, the twin of the socket dispatcher (realtime/handler.ts):
 * rate limit, session, body parsed with the route's contract schema, the resource loaded, then
 * `authorize(actor, action, resource)`, then the handler, whose answer is typed by the contract. Errors are
 * mapped by the app's error handler ({success: false, message, field?}); nothing a client sends can throw
 * past it. An area's manifest lists its routes; app.ts registers them all with `registerRoutes`.
 *
 *   route(Routes.login, { action: 'public', auth: 'none', limits: { perIp: 'loginPerIp' } }, async ({ body }) => ...)
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { Messages, type RouteDef } from '@sajha/contract';
import type { AppDeps } from '../deps.js';
import { roleOf, type ActionName, type Actor, type ResourceAction, type ResourceOf } from '../policy/authorize.js';
import { findSession, SESSION_COOKIE, type AuthContext } from '../platform/sessions.js';
import { setRequestLocale } from '../platform/locale.js';
import { AppError, firstIssue, firstIssueKey } from '../platform/errors.js';
import type { LimiterName } from '../platform/rate-limit.js';

type Body<R extends RouteDef> = R extends { body: z.ZodType } ? z.output<R['body']> : undefined;
type Query<R extends RouteDef> = R extends { query: z.ZodType }
  ? z.output<R['query']>
  : Record<string, string | undefined>;
type Awaitable<T> = T | Promise<T>;
/** A route's success answer as its contract names it; a route that streams or redirects answers by `reply`. */
type Answer<R extends RouteDef> = R extends { answer: z.ZodType } ? z.input<R['answer']> : never;

type AuthMode = 'required' | 'optional' | 'none';
type AuthOf<Auth> = Auth extends 'required' ? AuthContext : AuthContext | null;

export interface RouteContext<R extends RouteDef, A, Res = undefined> {
  deps: AppDeps;
  body: Body<R>;
  params: Record<string, string>;
  /** The query string, parsed with the route's contract schema when it has one. */
  query: Query<R>;
  /** The signed-in member and session; null only for routes with auth 'optional' or 'none'. */
  auth: A;
  /** Who acts, for the policy (null: a visitor). */
  actor: Actor | null;
  /** What `load` found (and the policy allowed). */
  resource: Res;
  req: FastifyRequest;
  reply: FastifyReply;
}

interface Options<Auth extends AuthMode, Act> {
  /** The policy action this route performs (`public`: no policy check, e.g. signing in). */
  action: Act;
  auth: Auth;
  /** Limiters consumed before anything else: per client address, then (signed in) per member. */
  limits?: { perIp?: LimiterName; perUser?: LimiterName };
  /** Body keys -> the field name answered with a validation error (forms show it under that field). */
  fields?: Record<string, string>;
}

/** A route as a manifest lists it. */
export interface HttpRoute {
  readonly def: RouteDef;
  readonly action: ActionName | 'public';
  readonly auth: AuthMode;
  readonly limits?: { perIp?: LimiterName; perUser?: LimiterName } | undefined;
  readonly fields?: Record<string, string> | undefined;
  readonly load?: ((ctx: RouteContext<RouteDef, AuthContext | null>) => unknown) | undefined;
  readonly handler: (ctx: RouteContext<RouteDef, AuthContext | null, never>) => unknown;
}

type Handler<R extends RouteDef, Auth, Res> = (
  ctx: RouteContext<R, AuthOf<Auth>, Res>,
) => Awaitable<Answer<R> | FastifyReply>;
/** An action on a resource needs `load` (undefined: the area's "not found"); any other action has none. */
type Loader<R extends RouteDef, Auth, Act> = Act extends ResourceAction
  ? { load: (ctx: RouteContext<R, AuthOf<Auth>>) => Awaitable<ResourceOf<Act> | undefined> }
  : { load?: never };
type ResourceFor<Act> = Act extends ResourceAction ? NonNullable<ResourceOf<Act>> : undefined;

export function route<R extends RouteDef, Auth extends AuthMode, Act extends ActionName | 'public'>(
  def: R,
  options: Options<Auth, Act> & Loader<R, Auth, Act>,
  handler: Handler<R, Auth, ResourceFor<Act>>,
): HttpRoute {
  return { def, ...options, handler } as unknown as HttpRoute;
}

/** Registers an area's routes: each refuses to register when it names an action no policy declares. */
export function registerRoutes(app: FastifyInstance, deps: AppDeps, routes: readonly HttpRoute[]): void {
  for (const r of routes) {
    if (r.action !== 'public' && !deps.policy.knows(r.action)) {
      throw new Error(`route ${r.def.method} ${r.def.path} names ${r.action}, which no area's policy declares`);
    }
    app.route({ method: r.def.method, url: r.def.path, handler: (req, reply) => serve(deps, r, req, reply) });
  }
}

async function serve(deps: AppDeps, r: HttpRoute, req: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  if (r.limits?.perIp) await deps.limiters.consume(r.limits.perIp, req.ip);
  let auth: AuthContext | null = null;
  if (r.auth !== 'none') {
    auth = await findSession(deps.db, req.cookies[SESSION_COOKIE]);
    if (auth) setRequestLocale(req, auth.user.locale === 'ne' ? 'ne' : 'en');
    if (!auth && r.auth === 'required') throw new AppError(Messages.server.unauthorized, 401);
  }
  if (auth && r.limits?.perUser) await deps.limiters.consume(r.limits.perUser, auth.user.id);
  let body: unknown = undefined;
  if (r.def.body) {
    const parsed = r.def.body.safeParse(req.body ?? {});
    if (!parsed.success) {
      const key = firstIssueKey(parsed.error);
      throw new AppError(firstIssue(parsed.error), 400, key ? r.fields?.[key] : undefined);
    }
    body = parsed.data;
  }
  let query: unknown = req.query ?? {};
  if (r.def.query) {
    const parsed = r.def.query.safeParse(query);
    if (!parsed.success) throw new AppError(firstIssue(parsed.error), 400);
    query = parsed.data;
  }
  const ctx: RouteContext<RouteDef, AuthContext | null, unknown> = {
    deps,
    body: body as undefined,
    params: (req.params ?? {}) as Record<string, string>,
    query: query as Record<string, string | undefined>,
    auth,
    actor: auth ? { id: auth.user.id, role: roleOf(auth.user.email, auth.user.role, deps.config.adminEmails) } : null,
    resource: undefined,
    req,
    reply,
  };
  if (r.load) ctx.resource = await r.load(ctx as RouteContext<RouteDef, AuthContext | null>);
  if (r.action !== 'public') {
    await deps.policy.authorize(ctx.actor, r.action, ctx.resource as ResourceOf<typeof r.action>);
  }
  const answer = await r.handler(ctx as RouteContext<RouteDef, AuthContext | null, never>);
  if (deps.config.checkAnswers && answer !== reply && r.def.answer) {
    const checked = r.def.answer.safeParse(answer);
    if (!checked.success) {
      throw new Error(
        `the answer of ${r.def.method} ${r.def.path} does not match its contract schema: ${String(checked.error)}`,
      );
    }
  }
  return answer;
}
