/** Notifications' actions: a member reads and sets their own notices, preferences and push devices. */
import { Messages } from '@sajha/contract';
import { AppError } from '../../platform/errors.js';
import { definePolicy } from '../../policy/authorize.js';

declare module '../../policy/authorize.js' {
  interface Actions {
    'notifications.read': undefined;
    'notifications.settings': undefined;
  }
}

export const notificationsPolicy = definePolicy({
  notFound: () => new AppError(Messages.server.unauthorized, 401),
  actions: { 'notifications.read': { self: true }, 'notifications.settings': { self: true } },
});
