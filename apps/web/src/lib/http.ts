/** JSON over fetch with the session cookie. Answers are parsed, never trusted to be well formed. */
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
