/** What other features may use of settings: the two-factor step of signing in. */
export { answerTwoFactorRequired } from './routes.js';
export { twoFactorOn } from './twofactor.js';
