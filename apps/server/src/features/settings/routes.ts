/**
 * Settings over HTTP (ours; the spec runs the form over the socket): the avatar upload, active
 * sessions, two-factor sign-in, data export and account deletion. Each route is: session, rate limit,
 * validate with the contract's schema, authorize, service, answer {success, message, ...}.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  AVATAR_MAX_BYTES,
  deleteAccountBodySchema,
  loginTwoFactorBodySchema,
  Messages,
  SettingsText,
  smallAvatar,
  twoFactorDisableBodySchema,
  twoFactorEnableBodySchema,
} from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../platform/errors.js';
import { firstIssue } from '../../realtime/handler.js';
import { noticeNewDevice } from '../auth/devices.js';
import * as auth from '../auth/service.js';
import { findSession, SESSION_COOKIE } from '../auth/sessions.js';
import { deleteAccount, exportAccount } from './account.js';
import { renderAvatar, storeAvatar } from './avatar.js';
import { authorize, type Actor } from './policy.js';
import { listSessions, revokeOtherSessions, revokeSession } from './sessions.js';
import * as twoFactor from './twofactor.js';

function parse<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw new AppError(firstIssue(result.error), 400);
  return result.data;
}

async function actorOf(deps: AppDeps, req: FastifyRequest): Promise<Actor | null> {
  const s = await findSession(deps.db, req.cookies[SESSION_COOKIE]);
  return s ? { userId: s.user.id, sessionId: s.sessionId } : null;
}

const MB = 1024 * 1024;

export function settingsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { config, limiters } = deps;
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: config.secureCookies };

  app.post('/api/settings/avatar', async (req: FastifyRequest, reply: FastifyReply) => {
    const actor = await actorOf(deps, req);
    authorize(actor, 'update-profile');
    await limiters.consume('avatarPerUser', actor.userId);
    if (!req.isMultipart()) throw new AppError(Messages.server.invalidPayload, 400);
    let buffer: Buffer | undefined;
    try {
      const part = await req.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 0 } });
      if (!part || part.fieldname !== 'avatar') throw new AppError(SettingsText.avatarNotImage, 400);
      buffer = await part.toBuffer();
      // The limit can trip after the last chunk was read, so the flag is checked here as well.
      if (part.file.truncated || buffer.length > AVATAR_MAX_BYTES)
        throw Object.assign(new Error(), { code: 'FST_REQ_FILE_TOO_LARGE' });
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        return reply
          .code(413)
          .send({ success: false, message: SettingsText.avatarTooLarge(Math.round(AVATAR_MAX_BYTES / MB)) });
      }
      throw err;
    }
    const url = await storeAvatar(deps, actor.userId, await renderAvatar(buffer));
    return { success: true, url, smallUrl: smallAvatar(url) };
  });

  app.get('/api/auth/sessions', async (req) => {
    const actor = await actorOf(deps, req);
    authorize(actor, 'revoke-session');
    return { success: true, sessions: await listSessions(deps, actor.userId, actor.sessionId) };
  });

  app.delete<{ Params: { id: string } }>('/api/auth/sessions/:id', async (req) => {
    const actor = await actorOf(deps, req);
    authorize(actor, 'revoke-session');
    if (!/^[0-9a-f-]{36}$/i.test(req.params.id) || !(await revokeSession(deps, actor.userId, req.params.id))) {
      throw new AppError(SettingsText.sessionNotFound, 404);
    }
    return { success: true, message: SettingsText.sessionSignedOut };
  });

  app.post('/api/auth/sessions/revoke-others', async (req) => {
    const actor = await actorOf(deps, req);
    authorize(actor, 'revoke-session');
    const n = await revokeOtherSessions(deps, actor.userId, actor.sessionId);
    return { success: true, message: SettingsText.othersSignedOut, count: n };
  });

  app.post('/api/auth/2fa/setup', async (req) => {
    const actor = await actorOf(deps, req);
    authorize(actor, 'update-profile');
    return { success: true, ...(await twoFactor.beginSetup(deps, actor.userId)) };
  });

  app.post('/api/auth/2fa/enable', async (req) => {
    const actor = await actorOf(deps, req);
    authorize(actor, 'update-profile');
    await limiters.consume('loginPerAccount', actor.userId);
    const { code } = parse(twoFactorEnableBodySchema, req.body);
    const recoveryCodes = await twoFactor.enable(deps, actor.userId, code);
    return { success: true, message: SettingsText.twoFactorEnabled, recoveryCodes };
  });

  app.post('/api/auth/2fa/disable', async (req) => {
    const actor = await actorOf(deps, req);
    authorize(actor, 'update-profile');
    const { password } = parse(twoFactorDisableBodySchema, req.body);
    await twoFactor.disable(deps, actor.userId, password);
    return { success: true, message: SettingsText.twoFactorDisabled };
  });

  // The second step of a password sign-in: limited like the first, per address and per account.
  app.post('/api/auth/login/2fa', async (req, reply) => {
    await limiters.consume('loginPerIp', req.ip);
    const { code } = parse(loginTwoFactorBodySchema, req.body);
    const token = req.cookies[twoFactor.CHALLENGE_COOKIE];
    const { user, remember } = await twoFactor.finishChallenge(deps, token, code);
    const s = await auth.startSession(deps, user, {
      remember,
      ip: req.ip,
      userAgent: req.headers['user-agent'] ?? '',
    });
    void reply.clearCookie(twoFactor.CHALLENGE_COOKIE, { ...cookieOptions, path: '/api/auth', sameSite: 'strict' });
    void reply.setCookie(
      SESSION_COOKIE,
      s.token,
      remember ? { ...cookieOptions, expires: s.expiresAt } : cookieOptions,
    );
    await noticeNewDevice(deps, req, reply, user.id);
    return { success: true, message: auth.AuthText.welcomeBack, user: s.user };
  });

  app.get('/api/account/export', async (req, reply) => {
    const actor = await actorOf(deps, req);
    authorize(actor, 'export');
    await limiters.consume('exportPerUser', actor.userId);
    const day = new Date().toISOString().slice(0, 10);
    void reply
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', `attachment; filename="sajha-export-${day}.zip"`)
      .header('Cache-Control', 'no-store');
    return reply.send(await exportAccount(deps, actor.userId));
  });

  app.post('/api/account/delete', async (req, reply) => {
    const actor = await actorOf(deps, req);
    authorize(actor, 'delete-account');
    const { password } = parse(deleteAccountBodySchema, req.body);
    await deleteAccount(deps, actor.userId, password);
    void reply.clearCookie(SESSION_COOKIE, cookieOptions);
    return { success: true, message: SettingsText.accountDeleted };
  });
}

/** Called by the password sign-in: sets the challenge cookie and answers that a code is needed. */
export async function answerTwoFactorRequired(
  deps: AppDeps,
  reply: FastifyReply,
  userId: string,
  remember: boolean,
): Promise<{ success: false; twoFactorRequired: true; message: string }> {
  const token = await twoFactor.startChallenge(deps, userId, remember);
  void reply.setCookie(twoFactor.CHALLENGE_COOKIE, token, {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'strict',
    secure: deps.config.secureCookies,
    maxAge: twoFactor.CHALLENGE_TTL_MS / 1000,
  });
  return { success: false, twoFactorRequired: true, message: SettingsText.twoFactorRequired };
}
