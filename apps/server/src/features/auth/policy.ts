/** Auth's actions: a member reading their own session. Signing in, out and up are `public` routes. */
import { Messages } from '@sajha/contract';
import { definePolicy } from '../../policy/authorize.js';
import { AppError } from '../../platform/errors.js';

declare module '../../policy/authorize.js' {
  interface Actions {
    /** The signed-in member's own session and profile (check-auth, gCU). */
    'session.read': undefined;
  }
}

export const authPolicy = definePolicy({
  notFound: () => new AppError(Messages.server.unauthorized, 401),
  actions: { 'session.read': { self: true } },
});
