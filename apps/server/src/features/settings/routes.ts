/**
 * Settings over HTTP (ours; the spec runs the form over the socket): the avatar upload, active
 * sessions, two-factor set-up, data export and account deletion. Each route is: session, rate limit,
 * validate with the contract's schema, authorize, service, answer {success, message, ...}.
 */
import { isId, Routes, SettingsText, smallAvatar } from '@sajha/contract';
import { route } from '../../http/route.js';
import { AppError } from '../../platform/errors.js';
import { verifyPassword } from '../../platform/passwords.js';
import { loadMember } from '../../platform/current-user.js';
import { SESSION_COOKIE } from '../../platform/sessions.js';
import { beginSetup, disableTwoFactor, enableTwoFactor } from '../auth/index.js';
import { receivePicture, renderAvatar, storeAvatar } from './avatar.js';
import { listSessions, revokeOtherSessions, revokeSession } from './sessions.js';
import { setLanguage } from './language.js';

export const settingsRoutes = [
  route(Routes.avatarUpload, { action: 'account.update', auth: 'required' }, async ({ deps, auth, req, reply }) => {
    const userId = auth.user.id;
    await deps.limiters.consume('avatarPerUser', userId);
    const url = await receivePicture(deps, { req, reply }, async (picture) =>
      storeAvatar(deps, userId, await renderAvatar(picture.path, picture.type)),
    );
    return { success: true, url, smallUrl: smallAvatar(url) };
  }),

  route(Routes.sessions, { action: 'account.sessions', auth: 'required' }, async ({ deps, auth }) => ({
    success: true,
    sessions: await listSessions(deps, auth.user.id, auth.sessionId),
  })),

  route(Routes.revokeSession, { action: 'account.sessions', auth: 'required' }, async ({ deps, auth, params }) => {
    const id = params.id ?? '';
    // Another member's session answers like one that does not exist (found by the member's own id).
    if (!isId(id) || !(await revokeSession(deps, auth.user.id, id))) {
      throw new AppError(SettingsText.sessionNotFound, 404);
    }
    return { success: true, message: SettingsText.sessionSignedOut };
  }),

  route(Routes.revokeOtherSessions, { action: 'account.sessions', auth: 'required' }, async ({ deps, auth }) => {
    const n = await revokeOtherSessions(deps, auth.user.id, auth.sessionId);
    return { success: true, message: SettingsText.othersSignedOut, count: n };
  }),

  route(Routes.twoFactorSetup, { action: 'account.update', auth: 'required' }, async ({ deps, auth }) => ({
    success: true,
    ...(await beginSetup(deps, auth.user.id)),
  })),

  route(Routes.twoFactorEnable, { action: 'account.update', auth: 'required' }, async ({ deps, auth, body }) => {
    await deps.limiters.consume('loginPerAccount', auth.user.id);
    const recoveryCodes = await enableTwoFactor(deps, auth.user.id, body.code);
    return { success: true, message: SettingsText.twoFactorEnabled, recoveryCodes };
  }),

  route(Routes.twoFactorDisable, { action: 'account.update', auth: 'required' }, async ({ deps, auth, body }) => {
    await disableTwoFactor(deps, auth.user.id, body.password);
    return { success: true, message: SettingsText.twoFactorDisabled };
  }),

  route(Routes.accountExport, { action: 'account.export', auth: 'required' }, async ({ deps, auth, reply }) => {
    await deps.limiters.consume('exportPerUser', auth.user.id);
    const day = new Date().toISOString().slice(0, 10);
    void reply
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', `attachment; filename="sajha-export-${day}.zip"`)
      .header('Cache-Control', 'no-store');
    return reply.send(await deps.account.exportOf({ id: auth.user.id, username: auth.user.username }));
  }),

  route(Routes.setLanguage, { action: 'account.update', auth: 'required' }, async ({ deps, auth, body }) => ({
    success: true as const,
    language: await setLanguage(deps, auth.user.id, body),
  })),

  // The password proves it is the member; the account closes at once, its data goes in a job.
  route(Routes.accountDelete, { action: 'account.delete', auth: 'required' }, async ({ deps, auth, body, reply }) => {
    const user = await loadMember(deps, auth.user.id);
    if (!user.passwordHash) throw new AppError(SettingsText.passwordNeeded, 400);
    await deps.limiters.consume('loginPerAccount', user.email);
    if (!(await verifyPassword(user.passwordHash, body.password))) throw new AppError(SettingsText.passwordWrong, 400);
    await deps.limiters.reset('loginPerAccount', user.email);
    await deps.account.close(user.id);
    void reply.clearCookie(SESSION_COOKIE, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: deps.config.secureCookies,
    });
    return { success: true, message: SettingsText.accountDeleted };
  }),
];
