/** Who may do what to another member: one call per action, not scattered ifs. */
import { PeopleMessages } from '@sajha/contract';
import { AppError } from '../../platform/errors.js';
import type { Member } from './repo.js';

export type PeopleAction = 'view' | 'follow' | 'unfollow' | 'block' | 'unblock';

export interface Relation {
  /** The actor has blocked the target. */
  blocking: boolean;
  /** The target has blocked the actor. */
  blockedBy: boolean;
}

/**
 * A member who blocked the actor is, to the actor, the same as an unknown username (for every action),
 * so a block cannot be probed. The blocker still sees the member they blocked, to unblock them.
 */
export function authorize(
  actorId: string,
  action: PeopleAction,
  target: Member | undefined,
  rel: Relation,
): asserts target is Member {
  if (!target || rel.blockedBy) throw new AppError(PeopleMessages.notFound, 404);
  const self = target.id === actorId;
  switch (action) {
    case 'view':
      return;
    case 'follow':
      if (self) throw new AppError(PeopleMessages.followSelf, 400);
      if (rel.blocking) throw new AppError(PeopleMessages.followBlocked, 403);
      return;
    case 'unfollow':
      if (self) throw new AppError(PeopleMessages.notFollowing, 400);
      return;
    case 'block':
    case 'unblock':
      if (self) throw new AppError(PeopleMessages.blockSelf, 400);
      return;
  }
}
