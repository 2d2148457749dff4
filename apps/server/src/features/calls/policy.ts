/**
 * Who may do what in a call. Only its two members ever join, signal or leave it, never across a block
 * (a block ends a call at once: service.ts); only the callee declines. A call is placed to a verified
 * member with no block either way, and whose "who may call me" (privacy) takes the caller in. Relays need no database read: a socket is in `call:{roomId}` only
 * after joining as a member, so the relay's resource is whether this socket is in that room.
 */
import { CallTexts, Messages, PrivacyText, type ContactPolicy } from '@sajha/contract';
import { AppError } from '../../platform/errors.js';
import { definePolicy, type Actor, type Refusal } from '../../policy/authorize.js';
import { contactAdmits } from '../../policy/relations.js';
import type { CallRow } from './repo.js';

/** What a caller the callee's setting leaves out is told (privacy). */
const CALL_REFUSAL = {
  following: PrivacyText.cannotCallFollowing,
  friends: PrivacyText.cannotCallFriends,
  nobody: PrivacyText.cannotCallNobody,
} as const;

export interface RelayResource {
  roomId: string;
  /** This socket joined the room (as one of its two members). */
  joined: boolean;
}

declare module '../../policy/authorize.js' {
  interface Actions {
    /** Placing a call to a member (as their "who may call me" allows). */
    'call.start': { id: string; name: string; avatar: string | null; callPolicy: ContactPolicy };
    'call.join': CallRow;
    'call.leave': CallRow;
    'call.reject': CallRow;
    /** Offer, answer, candidates and toggles to the other member of a joined call. */
    'call.relay': RelayResource;
    /** STUN/TURN credentials for the member's own calls. */
    'call.ice': undefined;
  }
}

const notMember = () => new AppError(CallTexts.notMember, 403);
const member = (actor: Actor | null, room: CallRow): Refusal =>
  room.callerId === actor?.id || room.calleeId === actor?.id ? undefined : notMember();
const otherOf = (room: CallRow, actor: Actor | null) => (room.callerId === actor?.id ? room.calleeId : room.callerId);

export const callsPolicy = definePolicy({
  notFound: () => new AppError(CallTexts.notFound, 404),
  actions: {
    'call.start': {
      owner: (m) => m.id,
      missing: () => new AppError(Messages.chat.userNotFound, 404),
      acrossBlock: () => new AppError(CallTexts.blocked, 403),
      allow: ({ actor, resource, relation }) =>
        resource.id === actor?.id
          ? new AppError(CallTexts.selfCall, 400)
          : contactAdmits(relation, resource.callPolicy)
            ? undefined
            : new AppError(CALL_REFUSAL[resource.callPolicy as Exclude<ContactPolicy, 'everyone'>](resource.name), 403),
    },
    'call.join': { owner: otherOf, acrossBlock: notMember, allow: ({ actor, resource }) => member(actor, resource) },
    'call.leave': { allow: ({ actor, resource }) => member(actor, resource) },
    'call.reject': {
      allow: ({ actor, resource }) =>
        member(actor, resource) ?? (resource.calleeId !== actor?.id ? notMember() : undefined),
    },
    'call.relay': { missing: notMember, allow: ({ resource }) => (resource.joined ? undefined : notMember()) },
    'call.ice': { self: true },
  },
});
