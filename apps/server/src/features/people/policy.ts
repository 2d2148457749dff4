/**
 * Who may do what to another member. A member who blocked the actor is, to the actor, the same as an
 * unknown username (for every action), so a block cannot be probed; the blocker still sees the member
 * they blocked, to unblock them. Lists (search, suggestions, followers) leave blocked members out in SQL.
 */
import { PeopleMessages, PrivacyText } from '@sajha/contract';
import { AppError } from '../../platform/errors.js';
import { definePolicy, type Refusal } from '../../policy/authorize.js';
import { isLocked } from './presenters.js';
import type { Member } from './repo.js';

declare module '../../policy/authorize.js' {
  interface Actions {
    /** A profile, its counts and links. */
    'member.view': Member;
    /** A profile's posts, followers and following: of a private account, its approved followers only. */
    'member.content': Member;
    'member.follow': Member;
    'member.unfollow': Member;
    'member.block': Member;
    'member.unblock': Member;
    /** Search, suggestions, the member's own blocked list. */
    'people.find': undefined;
  }
}

const notSelf =
  (message: string) =>
  ({ actor, resource }: { actor: { id: string } | null; resource: Member }): Refusal =>
    resource.id === actor?.id ? new AppError(message, 400) : undefined;

const theirs = { owner: (m: Member) => m.id, blocks: 'theirs' } as const;

export const peoplePolicy = definePolicy({
  notFound: () => new AppError(PeopleMessages.notFound, 404),
  actions: {
    'member.view': theirs,
    'member.content': {
      ...theirs,
      allow: ({ actor, resource, relation }) =>
        isLocked(resource, relation, resource.id === actor?.id)
          ? new AppError(PrivacyText.privateAccount, 403)
          : undefined,
    },
    'member.follow': {
      ...theirs,
      allow: (ctx) =>
        notSelf(PeopleMessages.followSelf)(ctx) ??
        (ctx.relation.blocking ? new AppError(PeopleMessages.followBlocked, 403) : undefined),
    },
    'member.unfollow': { ...theirs, allow: notSelf(PeopleMessages.notFollowing) },
    'member.block': { ...theirs, allow: notSelf(PeopleMessages.blockSelf) },
    'member.unblock': { ...theirs, allow: notSelf(PeopleMessages.blockSelf) },
    'people.find': { self: true },
  },
});
