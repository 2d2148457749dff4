/**
 * JSON over fetch with the session cookie. Routes come from the contract's `Routes` table, so a path
 * or a body cannot drift from the server's; answers are parsed, never trusted to be well formed.
 */
import { routePath, type RouteBody, type RouteDef } from '@sajha/contract';

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
  const res = await fetch(path, {
    method: body === undefined ? (init.method ?? 'GET') : 'POST',
    credentials: 'include',
    headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    ...init,
  });
  let data = {} as T;
  try {
    data = (await res.json()) as T;
  } catch {
    // non-JSON answer (e.g. a proxy error page): keep an empty object
  }
  return { status: res.status, ok: res.ok, data };
}

/**
 * Calls a route of the contract's table: path parameters filled in, the body typed by the route's
 * schema. A route with an answer schema has its 2xx answer checked; a malformed one counts as not ok.
 */
export async function call<R extends RouteDef>(
  def: R,
  opts: { body?: RouteBody<R>; params?: Record<string, string> } = {},
): Promise<{ status: number; ok: boolean; data: ApiAnswer }> {
  const res = await api(routePath(def, opts.params), opts.body, { method: def.method });
  if (res.ok && def.answer && !def.answer.safeParse(res.data).success) return { ...res, ok: false };
  return res;
}
