/**
 * /api/auth/*: each route is rate limit -> validate -> service -> answer. Answers always carry
 * {success, message} (plus field, an, user, redirectUrl where the spec names them).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  googleCallbackBodySchema,
  loginBodySchema,
  Messages,
  registerBodySchema,
  requestPasswordResetBodySchema,
  resendCodeBodySchema,
  resetPasswordBodySchema,
  verifyEmailBodySchema,
} from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../platform/errors.js';
import { noticeNewDevice, rememberDevice } from './devices.js';
import { createGoogleVerifier, type GoogleVerifier } from './google.js';
import { vapidKeys } from '../notifications/push.js';
import * as auth from './service.js';
import { answerTwoFactorRequired } from '../settings/routes.js';
import { twoFactorOn } from '../settings/twofactor.js';
import { deleteSession, findSession, SESSION_COOKIE } from './sessions.js';

const FIELD_NAMES: Record<string, string> = {
  fullname: 'name',
  name: 'name',
  username: 'username',
  email: 'email',
  password: 'password',
  newPassword: 'password',
  otp: 'otp',
};

/** Parses a body with its contract schema; the first problem is answered with its field. */
function parse<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const key = typeof issue?.path[0] === 'string' ? issue.path[0] : undefined;
  const message = issue && !issue.message.startsWith('Invalid input') ? issue.message : Messages.server.invalidPayload;
  throw new AppError(message, 400, key ? FIELD_NAMES[key] : undefined);
}

export function authRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { config, limiters } = deps;
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: config.secureCookies };
  let google: GoogleVerifier | undefined;

  const setSessionCookie = (reply: FastifyReply, token: string, remember: boolean, expiresAt: Date): void => {
    // Without "remember me" the cookie dies with the browser; the server-side expiry is shorter too.
    void reply.setCookie(SESSION_COOKIE, token, remember ? { ...cookieOptions, expires: expiresAt } : cookieOptions);
  };
  const client = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'] ?? '' });

  app.post('/api/auth/register', async (req) => {
    await limiters.consume('registerPerIp', req.ip);
    const body = parse(registerBodySchema, req.body);
    const message = await auth.register(deps, body);
    return { success: true, message };
  });

  app.post('/api/auth/verify_email', async (req, reply) => {
    await limiters.consume('codeCheckPerIp', req.ip);
    const { email, otp, rememberMe } = parse(verifyEmailBodySchema, req.body);
    const user = await auth.verifyEmail(deps, email, otp);
    const s = await auth.startSession(deps, user, { remember: rememberMe, ...client(req) });
    setSessionCookie(reply, s.token, rememberMe, s.expiresAt);
    await rememberDevice(deps, req, reply, user.id);
    return { success: true, message: auth.AuthText.verified, user: s.user };
  });

  app.post('/api/auth/r_v_e', async (req) => {
    await limiters.consume('resendPerIp', req.ip);
    const { email } = parse(resendCodeBodySchema, req.body);
    return { success: true, message: await auth.resendCode(deps, email) };
  });

  app.post('/api/auth/login', async (req, reply) => {
    await limiters.consume('loginPerIp', req.ip);
    const { email, password, rememberMe } = parse(loginBodySchema, req.body);
    await limiters.consume('loginPerAccount', email);
    const outcome = await auth.login(deps, email, password);
    await limiters.reset('loginPerAccount', email);
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

  app.get('/api/auth/check-auth', async (req, reply) => {
    const session = await findSession(deps.db, req.cookies[SESSION_COOKIE]);
    if (!session) return reply.code(401).send({ success: false, message: Messages.server.unauthorized });
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

  app.post('/api/auth/logout', async (req, reply) => {
    const token = req.cookies[SESSION_COOKIE];
    if (token) {
      const session = await findSession(deps.db, token);
      await deleteSession(deps.db, token);
      // Sockets opened with this session close too; other devices stay signed in.
      if (session) {
        for (const io of [deps.realtime.main, deps.realtime.call]) {
          const sockets = await io.in(`user:${session.user.id}`).fetchSockets();
          for (const s of sockets) if (s.data.sessionId === session.sessionId) s.disconnect(true);
        }
      }
    }
    void reply.clearCookie(SESSION_COOKIE, cookieOptions);
    return { success: true, message: auth.AuthText.signedOut };
  });

  app.post('/api/auth/request_password_reset', async (req) => {
    await limiters.consume('resetPerIp', req.ip);
    const { email } = parse(requestPasswordResetBodySchema, req.body);
    await limiters.consume('resetPerAccount', email);
    return { success: true, message: await auth.requestPasswordReset(deps, email) };
  });

  app.post('/api/auth/reset_password', async (req) => {
    await limiters.consume('codeCheckPerIp', req.ip);
    const { token, email, newPassword } = parse(resetPasswordBodySchema, req.body);
    return { success: true, message: await auth.resetPassword(deps, token, email, newPassword) };
  });

  app.post('/api/auth/google/auth-callback', async (req, reply) => {
    await limiters.consume('googlePerIp', req.ip);
    const { idToken } = parse(googleCallbackBodySchema, req.body);
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

  app.get('/api/config', async () => ({
    appName: 'Sajha',
    contestUrl: config.links.contest,
    sisterSiteUrl: config.links.sisterSite,
    googleClientId: config.google.clientId ?? null,
    vapidPublicKey: (await vapidKeys(deps)).publicKey,
  }));
}
