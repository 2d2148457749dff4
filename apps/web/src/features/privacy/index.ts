/**
 * What other areas use of privacy controls (issue 38): the audience icon and pickers (posts, clips),
 * the reading of a follow's answer (a private member is asked: people, search), the follow-requests
 * list (the friends page) and Settings → Privacy (loaded when opened). Nothing here imports another
 * area that shows posts or people: those areas import this file.
 */
import { lazy } from 'react';

export {
  AUDIENCE_ICONS,
  AudienceIcon,
  AudienceSelect,
  RepliesSelect,
  useAudienceLabels,
  useReplyLabels,
} from './audience';
export { followOutcome, type FollowOutcome } from './followAnswer';
export { FollowRequests } from './FollowRequests';
export { WaitingCount } from './WaitingCount';
export { privacyKeys, useFollowRequests } from './queries';

export { FOLLOW_REQUESTS_PATH } from './paths';

/** Settings → Privacy, loaded when opened. */
export const PrivacyTab = /* @__PURE__ */ lazy(() => import('./PrivacyTab'));
