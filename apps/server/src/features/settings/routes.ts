/**
 * Settings over HTTP (ours; the spec runs the form over the socket): the avatar upload, active
 * sessions, two-factor sign-in, data export and account deletion. Each route is: session, rate limit,
 * validate with the contract's schema, authorize, service, answer {success, message, ...}.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AVATAR_MAX_BYTES, Messages, Routes, SettingsText, smallAvatar } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { route } from '../../http/route.js';
import { AppError } from '../../platform/errors.js';
import { receiveForm } from '../../platform/uploads.js';
import * as auth from '../auth/index.js';
import { SESSION_COOKIE, type AuthContext } from '../../platform/sessions.js';
import { deleteAccount, exportAccount } from './account.js';
import { renderAvatar, storeAvatar } from './avatar.js';
import { authorize, type Actor } from './policy.js';
import { listSessions, revokeOtherSessions, revokeSession } from './sessions.js';
import * as twoFactor from './twofactor.js';

const actorOf = (auth: AuthContext): Actor => ({ userId: auth.user.id, sessionId: auth.sessionId });
const signedIn = { auth: 'required' } as const;

const MB = 1024 * 1024;

export function settingsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { config, limiters } = deps;
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: config.secureCookies };

  route(app, deps, Routes.avatarUpload, signedIn, async ({ auth, req, reply }) => {
    const actor = actorOf(auth);
    authorize(actor, 'update-profile');
    await limiters.consume('avatarPerUser', actor.userId);
    const tooLarge = () => new AppError(SettingsText.avatarTooLarge(Math.round(AVATAR_MAX_BYTES / MB)), 413);
    const form = await receiveForm(
      deps,
      { req, reply },
      {
        fileFields: ['avatar'],
        maxFiles: 1,
        fileBytes: AVATAR_MAX_BYTES,
        totalBytes: AVATAR_MAX_BYTES,
        errors: {
          notMultipart: () => new AppError(Messages.server.invalidPayload, 400),
          fileTooLarge: tooLarge,
          totalTooLarge: tooLarge,
          tooManyFiles: () => new AppError(SettingsText.avatarNotImage, 400),
        },
      },
    );
    try {
      const picture = form.files[0];
      if (!picture) throw new AppError(SettingsText.avatarNotImage, 400);
      // sharp reads the spooled file; the original never sits whole in our memory.
      const url = await storeAvatar(deps, actor.userId, await renderAvatar(picture.path, picture.type));
      return { success: true, url, smallUrl: smallAvatar(url) };
    } finally {
      await form.dispose();
    }
  });

  route(app, deps, Routes.sessions, signedIn, async ({ auth }) => {
    const actor = actorOf(auth);
    authorize(actor, 'revoke-session');
    return { success: true, sessions: await listSessions(deps, actor.userId, actor.sessionId) };
  });

  route(app, deps, Routes.revokeSession, signedIn, async ({ auth, params }) => {
    const actor = actorOf(auth);
    authorize(actor, 'revoke-session');
    const id = params.id ?? '';
    if (!/^[0-9a-f-]{36}$/i.test(id) || !(await revokeSession(deps, actor.userId, id))) {
      throw new AppError(SettingsText.sessionNotFound, 404);
    }
    return { success: true, message: SettingsText.sessionSignedOut };
  });

  route(app, deps, Routes.revokeOtherSessions, signedIn, async ({ auth }) => {
    const actor = actorOf(auth);
    authorize(actor, 'revoke-session');
    const n = await revokeOtherSessions(deps, actor.userId, actor.sessionId);
    return { success: true, message: SettingsText.othersSignedOut, count: n };
  });

  route(app, deps, Routes.twoFactorSetup, signedIn, async ({ auth }) => {
    const actor = actorOf(auth);
    authorize(actor, 'update-profile');
    return { success: true, ...(await twoFactor.beginSetup(deps, actor.userId)) };
  });

  route(app, deps, Routes.twoFactorEnable, signedIn, async ({ auth, body: { code } }) => {
    const actor = actorOf(auth);
    authorize(actor, 'update-profile');
    await limiters.consume('loginPerAccount', actor.userId);
    const recoveryCodes = await twoFactor.enable(deps, actor.userId, code);
    return { success: true, message: SettingsText.twoFactorEnabled, recoveryCodes };
  });

  route(app, deps, Routes.twoFactorDisable, signedIn, async ({ auth, body: { password } }) => {
    const actor = actorOf(auth);
    authorize(actor, 'update-profile');
    await twoFactor.disable(deps, actor.userId, password);
    return { success: true, message: SettingsText.twoFactorDisabled };
  });

  // The second step of a password sign-in: limited like the first, per address and per account.
  const secondStep = { auth: 'none', limits: { perIp: 'loginPerIp' } } as const;
  route(app, deps, Routes.login2fa, secondStep, async ({ body: { code }, req, reply }) => {
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
    await auth.noticeNewDevice(deps, req, reply, user.id);
    return { success: true, message: auth.AuthText.welcomeBack, user: s.user };
  });

  route(app, deps, Routes.accountExport, signedIn, async ({ auth, reply }) => {
    const actor = actorOf(auth);
    authorize(actor, 'export');
    await limiters.consume('exportPerUser', actor.userId);
    const day = new Date().toISOString().slice(0, 10);
    void reply
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', `attachment; filename="sajha-export-${day}.zip"`)
      .header('Cache-Control', 'no-store');
    return reply.send(await exportAccount(deps, actor.userId));
  });

  route(app, deps, Routes.accountDelete, signedIn, async ({ auth, body: { password }, reply }) => {
    const actor = actorOf(auth);
    authorize(actor, 'delete-account');
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
