/**
 * /api/auth/*: each route is rate limit -> validate -> service -> answer. Answers always carry
 * {success, message} (plus field, an, user, redirectUrl where the spec names them).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Messages, Routes } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { route } from '../../http/route.js';
import { AppError } from '../../platform/errors.js';
import { isKnownDevice, noticeNewDevice, rememberDevice } from './devices.js';
import { createGoogleVerifier, type GoogleVerifier } from './google.js';
import { vapidKeys } from '../notifications/index.js';
import * as auth from './service.js';
import { answerTwoFactorRequired, twoFactorOn } from '../settings/index.js';
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
};

export function authRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { config, limiters } = deps;
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: config.secureCookies };
  let google: GoogleVerifier | undefined;

  const setSessionCookie = (reply: FastifyReply, token: string, remember: boolean, expiresAt: Date): void => {
    // Without "remember me" the cookie dies with the browser; the server-side expiry is shorter too.
    void reply.setCookie(SESSION_COOKIE, token, remember ? { ...cookieOptions, expires: expiresAt } : cookieOptions);
  };
  const client = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'] ?? '' });

  const open = (perIp?: Parameters<typeof limiters.consume>[0]) =>
    ({ auth: 'none', fields: FIELD_NAMES, ...(perIp ? { limits: { perIp } } : {}) }) as const;

  route(app, deps, Routes.register, open('registerPerIp'), async ({ body }) => {
    const message = await auth.register(deps, body);
    return { success: true, message };
  });

  route(app, deps, Routes.verifyEmail, open('codeCheckPerIp'), async ({ body, req, reply }) => {
    const { email, otp, rememberMe } = body;
    const user = await auth.verifyEmail(deps, email, otp);
    const s = await auth.startSession(deps, user, { remember: rememberMe, ...client(req) });
    setSessionCookie(reply, s.token, rememberMe, s.expiresAt);
    await rememberDevice(deps, req, reply, user.id);
    return { success: true, message: auth.AuthText.verified, user: s.user };
  });

  route(app, deps, Routes.resendCode, open('resendPerIp'), async ({ body }) => ({
    success: true,
    message: await auth.resendCode(deps, body.email),
  }));

  route(app, deps, Routes.login, open('loginPerIp'), async ({ body, req, reply }) => {
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
    if (twoFactorOn(outcome.user)) return answerTwoFactorRequired(deps, reply, outcome.user.id, rememberMe);
    const s = await auth.startSession(deps, outcome.user, { remember: rememberMe, ...client(req) });
    setSessionCookie(reply, s.token, rememberMe, s.expiresAt);
    await noticeNewDevice(deps, req, reply, outcome.user.id);
    return { success: true, message: auth.AuthText.welcomeBack, user: s.user };
  });

  route(app, deps, Routes.checkAuth, { auth: 'required' }, ({ auth: session }) => {
    return {
      success: true,
      user: {
        uid: session.user.id,
        name: session.user.name,
        username: session.user.username,
        avatar: session.user.avatar,
      },
    };
  });

  route(app, deps, Routes.logout, open(), async ({ req, reply }) => {
    const token = req.cookies[SESSION_COOKIE];
    // Sockets opened with this session close too (session.ended); other devices stay signed in.
    if (token) await deleteSession(deps, token);
    void reply.clearCookie(SESSION_COOKIE, cookieOptions);
    return { success: true, message: auth.AuthText.signedOut };
  });

  route(app, deps, Routes.requestPasswordReset, open('resetPerIp'), async ({ body: { email } }) => {
    await limiters.consume('resetPerAccount', email);
    return { success: true, message: await auth.requestPasswordReset(deps, email) };
  });

  route(app, deps, Routes.resetPassword, open('codeCheckPerIp'), async ({ body }) => {
    const { token, email, newPassword } = body;
    return { success: true, message: await auth.resetPassword(deps, token, email, newPassword) };
  });

  route(app, deps, Routes.googleCallback, open('googlePerIp'), async ({ body: { idToken }, req, reply }) => {
    if (!config.google.clientId) throw new AppError(auth.AuthText.googleUnavailable, 400);
    google ??= createGoogleVerifier({
      clientId: config.google.clientId,
      jwksUrl: config.google.jwksUrl,
      issuers: config.google.issuers,
    });
    let identity;
    try {
      identity = await google(idToken);
    } catch (err) {
      req.log.info({ reason: (err as Error).name }, 'google token refused');
      throw new AppError(Messages.signin.googleFailed, 401);
    }
    const user = await auth.googleSignIn(deps, identity);
    if (twoFactorOn(user)) return answerTwoFactorRequired(deps, reply, user.id, true);
    const s = await auth.startSession(deps, user, { remember: true, ...client(req) });
    setSessionCookie(reply, s.token, true, s.expiresAt);
    await noticeNewDevice(deps, req, reply, user.id);
    return { success: true, message: auth.AuthText.welcomeBack, redirectUrl: '/home', user: s.user };
  });

  route(app, deps, Routes.config, { auth: 'none' }, async () => ({
    appName: 'Sajha',
    contestUrl: config.links.contest,
    sisterSiteUrl: config.links.sisterSite,
    googleClientId: config.google.clientId ?? null,
    vapidPublicKey: (await vapidKeys(deps)).publicKey,
  }));
}
