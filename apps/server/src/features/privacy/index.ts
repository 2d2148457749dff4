/**
 * Privacy controls (issue 38): private accounts with follow requests, an audience for each post and
 * clip, who may reply, who may message or call a member, and sensitive media. The settings and requests
 * live here; each rule is enforced where it applies, through the one policy (see policy.ts).
 */
import { defineFeature } from '../../feature.js';
import { deletePrivacy, exportPrivacy } from './account.js';
import { privacyPolicy } from './policy.js';
import { privacyRoutes } from './routes.js';

export { contactRefusal, dropRequestsBetween, hasRequested, requestFollow, withdrawRequest } from './service.js';

export default defineFeature({
  name: 'privacy',
  policy: privacyPolicy,
  http: privacyRoutes,
  account: { tables: ['follow_requests'], exportAccount: exportPrivacy, deleteAccount: deletePrivacy },
});
