/**
 * Who may do what with sign-ups: the mode, blocked domains, the approval queue and the list of every
 * invite are the admins'; a member lists, makes (the service checks the mode and their allowance) and
 * revokes their own invites. Another member's invite is answered like a missing one; an admin may
 * revoke any.
 */
import { ModerationMessages, SignupMessages } from '@sajha/contract';
import { AppError } from '../../platform/errors.js';
import { definePolicy, type Actor, type Refusal } from '../../policy/authorize.js';

export interface InviteResource {
  code: string;
  createdBy: string | null;
  usedAt: Date | null;
}

declare module '../../policy/authorize.js' {
  interface Actions {
    /** Sign-up settings, the approval queue, every invite: admins. */
    'signup.admin': undefined;
    /** The member's own invites: list and make. */
    'invite.mine': undefined;
    'invite.revoke': InviteResource;
  }
}

const adminOnly = ({ actor }: { actor: Actor | null }): Refusal =>
  actor?.role === 'admin' ? undefined : new AppError(ModerationMessages.adminOnly, 403);

export const signupPolicy = definePolicy({
  notFound: () => new AppError(SignupMessages.inviteNotFound, 404),
  actions: {
    'signup.admin': { self: true, allow: adminOnly },
    'invite.mine': { self: true },
    'invite.revoke': {
      allow: ({ actor, resource }) =>
        resource.createdBy === actor?.id || actor?.role === 'admin'
          ? undefined
          : new AppError(SignupMessages.inviteNotFound, 404),
    },
  },
});
