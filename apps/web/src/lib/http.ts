/**
 * JSON over fetch with the session cookie. Routes come from the contract's `Routes` table, so a path
 * or a body cannot drift from the server's; answers are parsed, never trusted to be well formed.
 */
import { routePath, type RouteAnswer, type RouteBody, type RouteDef } from '@sajha/contract';
import { currentLocale, localize } from '../i18n/prefs';
import { takePageAnswer } from './pageAnswers';

export interface ApiAnswer {
  success?: boolean;
  message?: string;
  [key: string]: unknown;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiAnswer,
  ) {
    super(body.message ?? `HTTP ${status}`);
  }
}

export async function api<T extends ApiAnswer = ApiAnswer>(
  path: string,
  body?: unknown,
  init: RequestInit = {},
): Promise<{ status: number; ok: boolean; data: T }> {
  if (body === undefined && (init.method ?? 'GET') === 'GET') {
    const served = takePageAnswer(path);
    if (served !== undefined) return { status: 200, ok: true, data: served as T };
  }
  const res = await fetch(path, {
    method: body === undefined ? (init.method ?? 'GET') : 'POST',
    credentials: 'include',
    body: body === undefined ? undefined : JSON.stringify(body),
    ...init,
    // The server answers a visitor in the language chosen here (a member in their account's).
    headers: {
      'Accept-Language': currentLocale(),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(init.headers as Record<string, string> | undefined),
    },
  });
  let data = {} as T;
  try {
    data = (await res.json()) as T;
    // A server text in English (an older node, a message the member's other tab changed) in the page's language.
    if (typeof data.message === 'string') data = { ...data, message: localize(data.message) };
  } catch {
    // non-JSON answer (e.g. a proxy error page): keep an empty object
  }
  return { status: res.status, ok: res.ok, data };
}

/**
 * What a route answered: on success its answer as the contract's schema types it (checked: a malformed
 * one counts as not ok); otherwise the error answer ({success: false, message, ...}).
 */
export type CallResult<R extends RouteDef> =
  { status: number; ok: true; data: RouteAnswer<R> } | { status: number; ok: false; data: ApiAnswer };

type CallOptions<R extends RouteDef> = {
  body?: RouteBody<R>;
  params?: Record<string, string>;
  query?: Record<string, string>;
};

const pathOf = <R extends RouteDef>(def: R, opts: CallOptions<R>) =>
  routePath(def, opts.params) + (opts.query ? `?${new URLSearchParams(opts.query).toString()}` : '');

/** An answer as the route's schema types it; a malformed one counts as not ok. */
function checked<R extends RouteDef>(def: R, res: { status: number; ok: boolean; data: ApiAnswer }): CallResult<R> {
  if (!res.ok || !def.answer) return { status: res.status, ok: false, data: res.data };
  const parsed = def.answer.safeParse(res.data);
  if (!parsed.success) return { status: res.status, ok: false, data: res.data };
  // The schema's own output: the one place a route's answer type meets the wire.
  return { status: res.status, ok: true, data: parsed.data as RouteAnswer<R> };
}

/** Calls a route of the contract's table: path parameters filled in, the body typed by the route's schema. */
export async function call<R extends RouteDef>(def: R, opts: CallOptions<R> = {}): Promise<CallResult<R>> {
  return checked(def, await api(pathOf(def, opts), opts.body, { method: def.method }));
}

/**
 * The answer the page came with for this GET (lib/pageAnswers.ts), checked as `call` checks one, at once
 * (a first render can show it); undefined when the page brought none.
 */
export function servedAnswer<R extends RouteDef>(def: R, opts: CallOptions<R> = {}): CallResult<R> | undefined {
  const served = takePageAnswer(pathOf(def, opts));
  return served === undefined ? undefined : checked(def, { status: 200, ok: true, data: served as ApiAnswer });
}
