/**
 * /api/auth/*: each route is rate limit -> validate -> service -> answer. Answers always carry
 * {success, message} (plus field, an, user, redirectUrl where the spec names them). Signing in is
 * `public`: there is no member yet to authorize; what a session may do is the rest of the app's policy.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Messages, Routes, SettingsText } from '@sajha/contract';
import { requestLocale } from '../../platform/locale.js';
import { presentCurrentUser } from '../../platform/current-user.js';
import type { AppDeps } from '../../deps.js';
import { route } from '../../http/route.js';
import { AppError } from '../../platform/errors.js';
import type { LimiterName } from '../../platform/rate-limit.js';
import { vapidKeys } from '../../platform/vapid.js';
import { checkSignupsLeft, countSignup, publicSignup, requireBotCheck } from '../signup/index.js';
import { isKnownDevice, noticeNewDevice, rememberDevice } from './devices.js';
import { createGoogleVerifier, type GoogleVerifier } from './google.js';
import * as auth from './service.js';
import * as twoFactor from './twofactor.js';
import { deleteSession, SESSION_COOKIE } from '../../platform/sessions.js';

/** Body keys -> the form field a validation message belongs under. */
const FIELD_NAMES: Record<string, string> = {
  fullname: 'name',
  name: 'name',
  username: 'username',
  email: 'email',
  password: 'password',
  newPassword: 'password',
  otp: 'otp',
  invite: 'invite',
  why: 'why',
  altcha: 'altcha',
};

const cookieOptions = (deps: AppDeps) =>
  ({ path: '/', httpOnly: true, sameSite: 'lax', secure: deps.config.secureCookies }) as const;

function setSessionCookie(
  deps: AppDeps,
  reply: FastifyReply,
  s: { token: string; expiresAt: Date },
  remember: boolean,
) {
  // Without "remember me" the cookie dies with the browser; the server-side expiry is shorter too.
  const options = cookieOptions(deps);
  void reply.setCookie(SESSION_COOKIE, s.token, remember ? { ...options, expires: s.expiresAt } : options);
}
const client = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'] ?? '' });

/** A route anyone may call (no session yet), limited per address. */
const open = <L extends LimiterName>(perIp?: L) =>
  ({ action: 'public', auth: 'none', fields: FIELD_NAMES, ...(perIp ? { limits: { perIp } } : {}) }) as const;

/** Google verifiers, one per app (its key set is fetched and cached on first use). */
const googleVerifiers = new WeakMap<AppDeps, GoogleVerifier>();
function googleOf(deps: AppDeps, clientId: string): GoogleVerifier {
  let google = googleVerifiers.get(deps);
  if (!google) {
    const { jwksUrl, issuers } = deps.config.google;
    googleVerifiers.set(deps, (google = createGoogleVerifier({ clientId, jwksUrl, issuers })));
  }
  return google;
}

/** Called by a password or Google sign-in of a two-factor member: sets the challenge cookie, asks for the code. */
async function answerTwoFactorRequired(deps: AppDeps, reply: FastifyReply, userId: string, remember: boolean) {
  const token = await twoFactor.startChallenge(deps, userId, remember);
  void reply.setCookie(twoFactor.CHALLENGE_COOKIE, token, {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'strict',
    secure: deps.config.secureCookies,
    maxAge: twoFactor.CHALLENGE_TTL_MS / 1000,
  });
  return { success: false, twoFactorRequired: true, message: SettingsText.twoFactorRequired } as const;
}

export const authRoutes = [
  // Attempts are limited per address by the wrapper; sign-ups answered "done" by the signup area.
  route(Routes.register, open('registerPerIp'), async ({ deps, body, req }) => {
    await checkSignupsLeft(deps, req.ip);
    const message = await auth.register(deps, { ...body, locale: requestLocale(req) });
    await countSignup(deps, req.ip);
    return { success: true, message };
  }),

  route(Routes.verifyEmail, open('codeCheckPerIp'), async ({ deps, body, req, reply }) => {
    const { email, otp, rememberMe } = body;
    const user = await auth.verifyEmail(deps, email, otp);
    const s = await auth.startSession(deps, user, { remember: rememberMe, ...client(req) });
    setSessionCookie(deps, reply, s, rememberMe);
    await rememberDevice(deps, req, reply, user.id);
    return { success: true, message: auth.AuthText.verified, user: s.user };
  }),

  route(Routes.resendCode, open('resendPerIp'), async ({ deps, body }) => {
    await requireBotCheck(deps, body.altcha);
    return { success: true, message: await auth.resendCode(deps, body.email) };
  }),

  route(Routes.login, open('loginPerIp'), async ({ deps, body, req, reply }) => {
    const { limiters } = deps;
    const { email, password, rememberMe } = body;
    // Failures slow down one (account, address) pair exponentially, never the account as a whole:
    // a stranger failing from elsewhere cannot lock the owner out. Strangers' browsers also share a
    // loose per-account cap against guessing from many addresses; the owner's known browsers skip it.
    const pair = `${email}|${req.ip}`;
    await limiters.backoffCheck('loginBackoff', pair);
    const known = await isKnownDevice(deps, req, email);
    if (!known) await limiters.check('loginFailPerAccount', email);
    let outcome: auth.LoginOutcome;
    try {
      outcome = await auth.login(deps, email, password);
    } catch (err) {
      if (err instanceof AppError && err.status === 401) {
        await limiters.backoffFail('loginBackoff', pair);
        if (!known) await limiters.charge('loginFailPerAccount', email);
      }
      throw err;
    }
    await limiters.backoffReset('loginBackoff', pair);
    if (outcome.kind === 'needs-verification') {
      return reply.code(403).send({ success: false, an: 've', message: auth.AuthText.needsVerification(email) });
    }
    // Two-factor members get a short challenge instead of a session: POST /api/auth/login/2fa finishes it.
    if (twoFactor.twoFactorOn(outcome.user)) return answerTwoFactorRequired(deps, reply, outcome.user.id, rememberMe);
    const s = await auth.startSession(deps, outcome.user, { remember: rememberMe, ...client(req) });
    setSessionCookie(deps, reply, s, rememberMe);
    await noticeNewDevice(deps, req, reply, outcome.user.id);
    return { success: true, message: auth.AuthText.welcomeBack, user: s.user };
  }),

  // The second step of a password sign-in: limited like the first, per address and per account.
  route(Routes.login2fa, { action: 'public', auth: 'none', limits: { perIp: 'loginPerIp' } }, async (ctx) => {
    const { deps, body, req, reply } = ctx;
    const token = req.cookies[twoFactor.CHALLENGE_COOKIE];
    const { user, remember } = await twoFactor.finishChallenge(deps, token, body.code);
    const s = await auth.startSession(deps, user, { remember, ...client(req) });
    void reply.clearCookie(twoFactor.CHALLENGE_COOKIE, {
      ...cookieOptions(deps),
      path: '/api/auth',
      sameSite: 'strict',
    });
    setSessionCookie(deps, reply, s, remember);
    await noticeNewDevice(deps, req, reply, user.id);
    return { success: true, message: auth.AuthText.welcomeBack, user: s.user };
  }),

  route(Routes.checkAuth, { action: 'session.read', auth: 'required' }, ({ auth: session }) => ({
    success: true as const,
    // With the member's language, calendar and digits (the page starts in them) and their privacy defaults
    // (the create dialogs' audience, whether sensitive media shows unblurred).
    user: presentCurrentUser(session.user),
  })),

  route(Routes.logout, open(), async ({ deps, req, reply }) => {
    const token = req.cookies[SESSION_COOKIE];
    // Sockets opened with this session close too (session.ended); other devices stay signed in.
    if (token) await deleteSession(deps, token);
    void reply.clearCookie(SESSION_COOKIE, cookieOptions(deps));
    return { success: true, message: auth.AuthText.signedOut };
  }),

  route(Routes.requestPasswordReset, open('resetPerIp'), async ({ deps, body: { email, altcha } }) => {
    await requireBotCheck(deps, altcha);
    await deps.limiters.consume('resetPerAccount', email);
    return { success: true, message: await auth.requestPasswordReset(deps, email) };
  }),

  route(Routes.resetPassword, open('codeCheckPerIp'), async ({ deps, body }) => {
    const { token, email, newPassword } = body;
    return { success: true, message: await auth.resetPassword(deps, token, email, newPassword) };
  }),

  route(Routes.googleCallback, open('googlePerIp'), async ({ deps, body: { idToken }, req, reply }) => {
    const clientId = deps.config.google.clientId;
    if (!clientId) throw new AppError(auth.AuthText.googleUnavailable, 400);
    let identity;
    try {
      identity = await googleOf(deps, clientId)(idToken);
    } catch (err) {
      req.log.info({ reason: (err as Error).name }, 'google token refused');
      throw new AppError(Messages.signin.googleFailed, 401);
    }
    const user = await auth.googleSignIn(deps, identity, requestLocale(req));
    if (twoFactor.twoFactorOn(user)) return answerTwoFactorRequired(deps, reply, user.id, true);
    const s = await auth.startSession(deps, user, { remember: true, ...client(req) });
    setSessionCookie(deps, reply, s, true);
    await noticeNewDevice(deps, req, reply, user.id);
    return { success: true, message: auth.AuthText.welcomeBack, redirectUrl: '/home', user: s.user };
  }),

  route(Routes.config, { action: 'public', auth: 'none' }, async ({ deps }) => ({
    appName: 'Sajha',
    contestUrl: deps.config.links.contest,
    sisterSiteUrl: deps.config.links.sisterSite,
    googleClientId: deps.config.google.clientId ?? null,
    vapidPublicKey: (await vapidKeys(deps)).publicKey,
    signup: await publicSignup(deps),
  })),
];
