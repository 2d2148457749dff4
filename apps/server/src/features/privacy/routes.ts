/** HTTP for privacy controls (contract: packages/contract/src/privacy.ts). Bodies are the contract's schemas. */
import { Routes } from '@sajha/contract';
import { route } from '../../http/route.js';
import { actorInfoOfUser as actorOf } from '../../platform/current-user.js';
import { answerRequest, getSettings, listRequests, loadRequester, updateSettings } from './service.js';

export const privacyRoutes = [
  route(Routes.privacySettings, { action: 'privacy.settings', auth: 'required' }, async ({ deps, auth }) => ({
    success: true as const,
    settings: await getSettings(deps, auth.user.id),
  })),
  route(
    Routes.updatePrivacy,
    { action: 'privacy.settings', auth: 'required', limits: { perUser: 'followPerUser' } },
    ({ deps, auth, body }) => updateSettings(deps, actorOf(auth.user), body),
  ),
  route(Routes.followRequests, { action: 'followRequests.read', auth: 'required' }, ({ deps, auth }) =>
    listRequests(deps, auth.user.id),
  ),
  route(
    Routes.answerFollowRequest,
    {
      action: 'followRequest.answer',
      auth: 'required',
      limits: { perUser: 'followPerUser' },
      load: ({ deps, params }) => loadRequester(deps, params.username ?? ''),
    },
    ({ deps, auth, body, resource }) => answerRequest(deps, actorOf(auth.user), resource, body.approve),
  ),
];
