/** Who may read the staff dashboard: moderators and admins. /metrics is for operators (routes.ts), not members. */
import { ModerationMessages } from '@sajha/contract';
import { AppError } from '../../platform/errors.js';
import { definePolicy, isStaff } from '../../policy/authorize.js';

declare module '../../policy/authorize.js' {
  interface Actions {
    /** The dashboard's figures: members, what was made per day, reports, jobs, storage, health. */
    'dashboard.read': undefined;
  }
}

export const dashboardPolicy = definePolicy({
  notFound: () => new AppError(ModerationMessages.notFound, 404),
  actions: {
    'dashboard.read': {
      self: true,
      allow: ({ actor }) => (isStaff(actor) ? undefined : new AppError(ModerationMessages.staffOnly, 403)),
    },
  },
});
