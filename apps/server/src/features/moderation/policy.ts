/**
 * Who may do what in trust and safety. Any member reports what they can see (a blocker may still report
 * what the member they blocked sent them), mutes, and appeals an action taken against them once. Staff
 * (moderators and admins) read the queue and act; only admins read the audit log and grant roles; an
 * appeal is decided by a different staff member than the one who acted. Staff screens live under /admin.
 */
import { ModerationMessages, PeopleMessages } from '@sajha/contract';
import { AppError } from '../../platform/errors.js';
import { definePolicy, isStaff, type Actor, type Refusal } from '../../policy/authorize.js';
import type { ReportTarget } from './targets.js';

/** An action of the log, as an appeal names it. */
export interface ActionResource {
  id: string;
  actorId: string | null;
  targetMemberId: string | null;
  action: string;
}

declare module '../../policy/authorize.js' {
  interface Actions {
    'report.create': ReportTarget;
    /** The member's own mutes and muted words. */
    'mute.manage': undefined;
    /** Muting (or unmuting) another member: never one who blocked the actor (to them, no such member). */
    'member.mute': { id: string };
    /** The member's own record of actions against them, and appealing one. */
    'moderation.mine': undefined;
    'appeal.create': ActionResource;
    /** The queue, a report, notes, members: moderators and admins. */
    'staff.read': undefined;
    'staff.act': undefined;
    'appeal.decide': ActionResource;
    /** The audit log and staff roles: admins. */
    'staff.audit': undefined;
    'staff.roles': undefined;
  }
}

const staffOnly = ({ actor }: { actor: Actor | null }): Refusal =>
  isStaff(actor) ? undefined : new AppError(ModerationMessages.staffOnly, 403);
const adminOnly = ({ actor }: { actor: Actor | null }): Refusal =>
  actor?.role === 'admin' ? undefined : new AppError(ModerationMessages.adminOnly, 403);

export const moderationPolicy = definePolicy({
  notFound: () => new AppError(ModerationMessages.notFound, 404),
  actions: {
    'report.create': {
      owner: (t) => t.memberId,
      // The member who blocked someone may still report what they were sent; the one blocked sees nothing.
      blocks: 'theirs',
      allow: ({ actor, resource, relation }) => {
        if (resource.removed) return new AppError(ModerationMessages.notFound, 404);
        if (resource.followersOnly && !relation.self && !relation.follows && !isStaff(actor))
          return new AppError(ModerationMessages.notFound, 404);
        return resource.memberId === actor?.id ? new AppError(ModerationMessages.reportOwn, 400) : undefined;
      },
    },
    'mute.manage': { self: true },
    'member.mute': {
      owner: (m) => m.id,
      blocks: 'theirs',
      missing: () => new AppError(PeopleMessages.notFound, 404),
      allow: ({ actor, resource }) =>
        resource.id === actor?.id ? new AppError(ModerationMessages.muteSelf, 400) : undefined,
    },
    'moderation.mine': { self: true },
    'appeal.create': {
      allow: ({ actor, resource }) =>
        resource.targetMemberId === actor?.id ? undefined : new AppError(ModerationMessages.appealNotYours, 403),
    },
    'staff.read': { self: true, allow: staffOnly },
    'staff.act': { self: true, allow: staffOnly },
    'appeal.decide': {
      missing: (actor) => staffOnly({ actor }) ?? new AppError(ModerationMessages.notFound, 404),
      allow: (ctx) =>
        staffOnly(ctx) ??
        (ctx.resource.actorId === ctx.actor?.id ? new AppError(ModerationMessages.appealSameStaff, 403) : undefined),
    },
    'staff.audit': { self: true, allow: adminOnly },
    'staff.roles': { self: true, allow: adminOnly },
  },
});
