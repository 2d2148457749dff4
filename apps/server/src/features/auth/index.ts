/**
 * Auth: sign-up with a mailed code, sign-in (password, Google, two-factor), sign-out, password reset.
 * Other areas may use: starting a session after a check, and two-factor set-up (settings).
 */
import { defineFeature } from '../../feature.js';
import { deleteAuth, exportAuth } from './account.js';
import { authSocket } from './events.js';
import { authPolicy } from './policy.js';
import { authRoutes } from './routes.js';
import { mailCodeFor } from './service.js';

export { AuthText, CODE_TTL_MIN, RESET_TTL_MIN, startSession } from './service.js';
export { beginSetup, disable as disableTwoFactor, enable as enableTwoFactor } from './twofactor.js';

export default defineFeature({
  name: 'auth',
  policy: authPolicy,
  http: authRoutes,
  socket: authSocket,
  jobs: { 'auth.code': { work: (job, deps) => mailCodeFor(deps, job), options: { concurrency: 2 } } },
  account: {
    tables: ['sessions', 'email_codes', 'password_resets', 'known_devices', 'recovery_codes', 'two_factor_challenges'],
    exportAccount: exportAuth,
    deleteAccount: deleteAuth,
  },
});
