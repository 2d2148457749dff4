/**
 * Settings' actions: a member acts on their own account only. Sessions and avatar files are found by
 * the member's own id in SQL, so somebody else's looks the same as one that does not exist.
 */
import { Messages } from '@sajha/contract';
import { definePolicy } from '../../policy/authorize.js';
import { AppError } from '../../platform/errors.js';

declare module '../../policy/authorize.js' {
  interface Actions {
    /** Read the settings form. */
    'account.read': undefined;
    /** Change the profile, picture, password, two-factor sign-in. */
    'account.update': undefined;
    /** List and sign out sessions. */
    'account.sessions': undefined;
    'account.export': undefined;
    'account.delete': undefined;
  }
}

export const settingsPolicy = definePolicy({
  notFound: () => new AppError(Messages.server.unauthorized, 401),
  actions: {
    'account.read': { self: true },
    'account.update': { self: true },
    'account.sessions': { self: true },
    'account.export': { self: true },
    'account.delete': { self: true },
  },
});
