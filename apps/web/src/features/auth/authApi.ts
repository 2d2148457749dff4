/**
 * The auth calls (part 1 §7). Every answer is `{success, message, ...}`; it is read field by field
 * because a proxy error page or a half-written server must not crash the form.
 */
import { safeNextUrl, type CurrentUser, type RouteBody, type Routes } from '@sajha/contract';
import { call } from '../../lib/http';

export interface AuthResult {
  /** HTTP 2xx and `success: true`. */
  ok: boolean;
  status: number;
  /** The server's message, when it sent a non-empty one. */
  message: string | undefined;
  field: unknown;
  /** True when the account still needs its email verified (`an: 've'`). */
  needsVerification: boolean;
  user: CurrentUser | undefined;
  redirectUrl: string | undefined;
  /** The password was right and the account has two-factor sign-in: POST /api/auth/login/2fa next. */
  twoFactorRequired: boolean;
}

type AuthRoute =
  | typeof Routes.register
  | typeof Routes.verifyEmail
  | typeof Routes.resendCode
  | typeof Routes.login
  | typeof Routes.login2fa
  | typeof Routes.requestPasswordReset
  | typeof Routes.resetPassword
  | typeof Routes.googleCallback;
/** Network failures throw, so callers can tell "the server said no" from "no answer at all". */
export async function postAuth<R extends AuthRoute>(route: R, body: RouteBody<R>): Promise<AuthResult> {
  const { status, ok, data } = await call(route, { body });
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined);
  return {
    ok: ok && data.success === true,
    status,
    message: text(data.message),
    field: data.field,
    needsVerification: data.an === 've',
    user: readUser(data.user),
    redirectUrl: text(data.redirectUrl),
    twoFactorRequired: data.twoFactorRequired === true,
  };
}

function readUser(value: unknown): CurrentUser | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { uid, name, username, avatar } = value as Record<string, unknown>;
  if (typeof uid !== 'string' || typeof name !== 'string' || typeof username !== 'string') return undefined;
  return { uid, name, username, avatar: typeof avatar === 'string' ? avatar : null };
}

/**
 * Where to go after signing in: a path goes through the router, a same-origin URL by its path, and a
 * URL on a subdomain of ours (allowed by safeNextUrl) by a full page load. '/' means the home feed.
 */
export function resolveAfterSignIn(next: string | null | undefined): { path: string } | { href: string } {
  const target = safeNextUrl(next, window.location.hostname);
  if (!/^https?:/i.test(target)) return { path: target === '/' ? '/home' : target };
  const url = new URL(target);
  if (url.origin !== window.location.origin) return { href: url.toString() };
  const path = `${url.pathname}${url.search}${url.hash}`;
  return { path: path === '/' ? '/home' : path };
}
