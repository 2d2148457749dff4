/**
 * Sign-up controls and bot defence: the sign-up mode (open, approval, invite-only, closed) and blocked
 * email domains, invites, the approval queue, at most five sign-ups per address per 30 minutes, and the
 * ALTCHA proof-of-work on sign-up, resend-code and password-reset requests. Auth asks this area at each
 * sign-up and sign-in (the door) and for the public config.
 */
import type { PublicSignup } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { defineFeature } from '../../feature.js';
import { deleteSignup, exportSignup } from './account.js';
import { signupPolicy } from './policy.js';
import { signupRoutes } from './routes.js';
import { signupSettings } from './settings.js';

export { requireBotCheck } from './botcheck.js';
export {
  admitGoogleSignup,
  admitSignup,
  checkSignupsLeft,
  countSignup,
  recordSignup,
  refuseUnapproved,
  undoSignup,
  type Admission,
} from './gate.js';

/** What the sign-up form needs to know (GET /api/config). */
export async function publicSignup(deps: AppDeps): Promise<PublicSignup> {
  return { mode: (await signupSettings(deps)).mode, botCheck: deps.config.altcha.enabled };
}

export default defineFeature({
  name: 'signup',
  policy: signupPolicy,
  http: signupRoutes,
  account: {
    tables: ['invites', 'signup_requests'],
    exportAccount: exportSignup,
    deleteAccount: deleteSignup,
  },
});
