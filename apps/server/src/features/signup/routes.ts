/**
 * HTTP for sign-up controls: the bot check's challenge (public, limited per address), members' invites,
 * and under /api/admin the admins' settings, approval queue and list of every invite.
 */
import { Routes, SignupMessages } from '@sajha/contract';
import { route } from '../../http/route.js';
import { AppError } from '../../platform/errors.js';
import { logStaffAction, SITE_ID } from './audit.js';
import { issueChallenge } from './botcheck.js';
import { allInvites, createInvite, loadInvite, myInvites, revokeInvite } from './invites.js';
import { decideRequest, listRequests } from './requests.js';
import { saveSignupSettings, signupSettings } from './settings.js';

export const signupRoutes = [
  route(
    Routes.botChallenge,
    { action: 'public', auth: 'none', limits: { perIp: 'challengePerIp' } },
    async ({ deps, reply }) => {
      void reply.header('Cache-Control', 'no-store');
      const { parameters, signature = '' } = await issueChallenge(deps);
      return { parameters: { ...parameters }, signature };
    },
  ),

  route(Routes.myInvites, { action: 'invite.mine', auth: 'required' }, async ({ deps, actor }) => ({
    success: true,
    ...(await myInvites(deps, actor!)),
  })),
  route(Routes.createInvite, { action: 'invite.mine', auth: 'required' }, async ({ deps, actor, body }) => ({
    success: true,
    message: SignupMessages.inviteCreated,
    invite: await createInvite(deps, actor!, body.days),
  })),
  route(
    Routes.revokeInvite,
    { action: 'invite.revoke', auth: 'required', load: ({ deps, params }) => loadInvite(deps, params.code ?? '') },
    async ({ deps, actor, resource }) => {
      await revokeInvite(deps, actor!, resource);
      return { success: true, message: SignupMessages.inviteRevoked };
    },
  ),

  route(Routes.signupSettings, { action: 'signup.admin', auth: 'required' }, async ({ deps }) => ({
    success: true,
    settings: await signupSettings(deps),
  })),
  route(Routes.saveSignupSettings, { action: 'signup.admin', auth: 'required' }, async ({ deps, actor, body }) => {
    await deps.db.transaction(async (tx) => {
      await saveSignupSettings({ db: tx }, body);
      await logStaffAction(tx, actor!.id, 'signup-settings', {
        kind: 'site',
        id: SITE_ID,
        details: { mode: body.mode, blockedDomains: body.blockedDomains.length },
      });
    });
    return { success: true, message: SignupMessages.settingsSaved, settings: body };
  }),
  route(Routes.signupRequests, { action: 'signup.admin', auth: 'required' }, async ({ deps, query }) => {
    const status = query.status ?? 'pending';
    if (status !== 'pending' && status !== 'rejected') throw new AppError(SignupMessages.requestGone, 404);
    return { success: true, requests: await listRequests(deps, status) };
  }),
  route(Routes.decideSignup, { action: 'signup.admin', auth: 'required' }, async ({ deps, actor, params, body }) => ({
    success: true,
    message: await decideRequest(deps, actor!.id, params.id ?? '', body.approve),
  })),
  route(Routes.allInvites, { action: 'signup.admin', auth: 'required' }, async ({ deps }) => ({
    success: true,
    invites: await allInvites(deps),
  })),
];
