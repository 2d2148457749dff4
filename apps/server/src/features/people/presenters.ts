/** Rows never leave the server: members become profile DTOs and friend rows with public fields only. */
import type { FriendRow, ProfileDto } from '@sajha/contract';
import type { Relation } from '../../policy/relations.js';
import type { Member } from './repo.js';

export function presentProfile(
  m: Member,
  counts: ProfileDto['counts'],
  rel: Pick<Relation, 'follows' | 'followedBy' | 'blocking'>,
  self: boolean,
  links: { platform: string; value: string }[] = [],
  requested = false,
): ProfileDto {
  return {
    uid: m.id,
    name: m.name,
    username: m.username,
    avatar: m.avatar,
    bio: m.bio,
    // A value that is a link is used as is; a handle is turned into a link by the page per network.
    socials: links.map((l) => ({
      social_name: l.platform,
      type: /^https?:\/\//i.test(l.value) ? 'url' : 'handle',
      value: l.value,
    })),
    counts,
    self,
    following: rel.follows,
    followsYou: rel.followedBy,
    blocked: rel.blocking,
    private: m.privateAccount,
    requested,
    locked: isLocked(m, rel, self),
  };
}

/** A private account's posts, clips and follow lists are its approved followers' (and its own) to see. */
export const isLocked = (m: Pick<Member, 'privateAccount'>, rel: Pick<Relation, 'follows'>, self: boolean): boolean =>
  m.privateAccount && !self && !rel.follows;

export function presentRow(m: Member, extra: { mutual: number; following: boolean } | undefined): FriendRow {
  return {
    id: m.id,
    name: m.name,
    avatar: m.avatar,
    username: m.username,
    mutual: extra?.mutual ?? 0,
    following: extra?.following ?? false,
  };
}
