/**
 * Who may change privacy settings and answer follow requests: each member their own. A request from a
 * member across a block (either way) answers as if there were none.
 *
 *   privacy.settings        read and change one's own privacy settings       member (their own)
 *   followRequests.read     the requests to follow me                        member (their own)
 *   followRequest.answer    approve or decline one                           member; no block with the requester
 *
 * What the settings govern is decided where it applies: audiences in posts' and reels' policies and
 * every list's SQL (policy/relations.ts), a private profile in people's, replies in posts', contact in
 * chat's and calls' (with contactRefusal, service.ts).
 */
import { PrivacyText } from '@sajha/contract';
import { AppError } from '../../platform/errors.js';
import { definePolicy } from '../../policy/authorize.js';

declare module '../../policy/authorize.js' {
  interface Actions {
    'privacy.settings': undefined;
    'followRequests.read': undefined;
    'followRequest.answer': { id: string };
  }
}

export const privacyPolicy = definePolicy({
  notFound: () => new AppError(PrivacyText.noRequest, 404),
  actions: {
    'privacy.settings': { self: true },
    'followRequests.read': { self: true },
    'followRequest.answer': { owner: (m) => m.id },
  },
});
