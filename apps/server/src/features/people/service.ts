/**
 * People: profiles, follows, friends lists, search, suggestions and blocks. Transport-free: events.ts
 * names each event's action and loads the member it names (loadMember); the policy decides before these run.
 */
import { and, eq, or, sql } from 'drizzle-orm';
import {
  LIMITS,
  Messages,
  PeopleMessages,
  PrivacyText,
  type FriendRow,
  type PostDto,
  type ProfileDto,
} from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { blocks, followNotices, follows } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';
import { resolveUsername } from '../../platform/usernames.js';
import type { ActorInfo } from '../../events/map.js';
import { mediaFor, presentPost } from '../posts/index.js';
import { dropRequestsBetween, hasRequested, requestFollow, withdrawRequest } from '../privacy/index.js';
import { presentProfile, presentRow } from './presenters.js';
import * as repo from './repo.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SUGGESTIONS_MAX = 20;
const NOTICE_QUIET_MS = 24 * 60 * 60 * 1000;

/** The member a request names (none: the viewer); a former username of the last 30 days leads to them too. */
export async function loadMember(deps: AppDeps, viewer: string, username?: string): Promise<repo.Member | undefined> {
  return username
    ? ((await repo.findByUsername(deps.db, username)) ?? (await formerName(deps, username)))
    : await repo.findById(deps.db, viewer);
}

async function rows(deps: AppDeps, viewer: string, members: repo.Member[]): Promise<FriendRow[]> {
  const extra = await repo.decorate(
    deps.db,
    viewer,
    members.map((m) => m.id),
  );
  return members.map((m) => presentRow(m, extra.get(m.id)));
}

/** A name the member gave up in the last 30 days still leads to them (`/u/@old` lands on the new profile). */
async function formerName(deps: AppDeps, username: string) {
  const user = await resolveUsername(deps.db, username);
  return user?.emailVerifiedAt ? repo.findById(deps.db, user.id) : undefined;
}

export async function getProfile(deps: AppDeps, viewer: string, member: repo.Member): Promise<ProfileDto> {
  const rel = await deps.policy.relations.between(viewer, member.id);
  const [counts, links, requested] = await Promise.all([
    repo.countsOf(deps.db, member.id),
    repo.socialsOf(deps.db, member.id),
    member.privateAccount && !rel.follows && member.id !== viewer
      ? hasRequested(deps, viewer, member.id)
      : Promise.resolve(false),
  ]);
  return presentProfile(member, counts, rel, member.id === viewer, links, requested);
}

export async function getCounts(deps: AppDeps, member: repo.Member) {
  return repo.countsOf(deps.db, member.id);
}

export async function getSocials(deps: AppDeps, viewer: string, member: repo.Member): Promise<ProfileDto['socials']> {
  const rel = await deps.policy.relations.between(viewer, member.id);
  const links = await repo.socialsOf(deps.db, member.id);
  return presentProfile(member, { followers: 0, following: 0, posts: 0 }, rel, false, links).socials;
}

export async function getProfilePosts(
  deps: AppDeps,
  viewer: string,
  member: repo.Member,
  input: {
    offset: number;
    limit: number;
    before?: { post_id: string; timestamp: string } | undefined;
  },
): Promise<PostDto[]> {
  // A cursor that does not name one of our posts at a real time is ignored (offset paging instead).
  const before =
    input.before && UUID.test(input.before.post_id) && !Number.isNaN(Date.parse(input.before.timestamp))
      ? input.before
      : undefined;
  const records = await repo.postsOf(deps.db, viewer, member.id, { offset: input.offset, limit: input.limit, before });
  const media = await mediaFor(
    deps.db,
    records.map((r) => r.id),
  );
  return records.map((r) => presentPost(r, media.get(r.id) ?? [], viewer));
}

export async function followersOf(deps: AppDeps, viewer: string, member: repo.Member): Promise<FriendRow[]> {
  return rows(deps, viewer, await repo.followList(deps.db, viewer, member.id, 'followers'));
}

export async function followingOf(deps: AppDeps, viewer: string, member: repo.Member): Promise<FriendRow[]> {
  return rows(deps, viewer, await repo.followList(deps.db, viewer, member.id, 'following'));
}

/** sF: more than 2 characters, or nothing (the screen clears its results). */
export async function searchPeople(deps: AppDeps, viewer: string, text: string): Promise<FriendRow[]> {
  if (text.trim().replace(/^@/, '').length < LIMITS.searchMinChars) return [];
  const found = await repo.searchMembers(deps.db, viewer, text);
  const list = await rows(deps, viewer, found);
  // Exact username first (the query's order), then people with more friends in common.
  const exact = text.trim().replace(/^@/, '').toLowerCase();
  return list
    .map((r, i) => ({ r, i }))
    .sort(
      (a, b) =>
        Number(b.r.username.toLowerCase() === exact) - Number(a.r.username.toLowerCase() === exact) ||
        b.r.mutual - a.r.mutual ||
        a.i - b.i,
    )
    .map(({ r }) => r);
}

/** gFS: friends of follows first; topped up with active members, so a newcomer still gets a list. */
export async function suggestions(deps: AppDeps, viewer: string): Promise<FriendRow[]> {
  // Candidates are people I do not follow, and their mutual counts come with them: one query.
  const ranked = (await repo.friendsOfFollows(deps.db, viewer, SUGGESTIONS_MAX)).map((m) =>
    presentRow(m, { mutual: m.mutual, following: false }),
  );
  if (ranked.length >= SUGGESTIONS_MAX) return ranked;
  const more = await repo.activeMembers(
    deps.db,
    viewer,
    ranked.map((r) => r.id),
    SUGGESTIONS_MAX - ranked.length,
  );
  const members = await repo.membersByIds(deps.db, more);
  const extra = await repo.decorate(deps.db, viewer, more);
  return [
    ...ranked,
    ...more.flatMap((id) => {
      const m = members.get(id);
      return m ? [presentRow(m, extra.get(id))] : [];
    }),
  ];
}

/** Follows a member; a private one is asked instead (privacy: a request they approve or decline). */
export async function follow(deps: AppDeps, actor: ActorInfo, member: repo.Member, now = new Date()): Promise<string> {
  const viewer = actor.id;
  if (member.privateAccount && !(await deps.policy.relations.between(viewer, member.id)).follows) {
    return requestFollow(deps, actor, member.id);
  }
  const [row] = await deps.db
    .insert(follows)
    .values({ followerId: viewer, followeeId: member.id })
    .onConflictDoNothing()
    .returning({ at: follows.createdAt });
  if (!row) throw new AppError(PeopleMessages.alreadyFollowing, 409);
  await tellFollowed(deps, viewer, member.id, now);
  return Messages.friends.followed;
}

/** "started following you", at most once a day per pair, whatever the follow/unfollow churn. */
async function tellFollowed(deps: AppDeps, followerId: string, followeeId: string, now: Date): Promise<void> {
  const quietSince = new Date(now.getTime() - NOTICE_QUIET_MS);
  const [claimed] = await deps.db
    .insert(followNotices)
    .values({ followerId, followeeId, notifiedAt: now })
    .onConflictDoUpdate({
      target: [followNotices.followerId, followNotices.followeeId],
      set: { notifiedAt: now },
      setWhere: sql`${followNotices.notifiedAt} < ${quietSince.toISOString()}::timestamptz`,
    })
    .returning({ at: followNotices.notifiedAt });
  const follower = await repo.findById(deps.db, followerId);
  if (!follower) return;
  const actor = { id: follower.id, username: follower.username, name: follower.name, avatar: follower.avatar };
  void deps.bus.publish(
    'member.followed',
    { follower: actor, followeeId, notice: Boolean(claimed) },
    { by: followerId },
  );
}

export async function unfollow(deps: AppDeps, viewer: string, member: repo.Member): Promise<string> {
  const gone = await deps.db
    .delete(follows)
    .where(and(eq(follows.followerId, viewer), eq(follows.followeeId, member.id)))
    .returning({ at: follows.createdAt });
  if (gone.length > 0) return Messages.friends.unfollowed;
  // Not following, but asked to: the same button takes the request back.
  if (await withdrawRequest(deps, viewer, member.id)) return PrivacyText.requestWithdrawn;
  throw new AppError(PeopleMessages.notFollowing, 400);
}

/**
 * A block removes follows both ways and is stated at once: what either member was showing of the other
 * stops (a direct chat's live room, presence, typing). Chat history stays for the blocker.
 */
export async function block(deps: AppDeps, viewer: string, member: repo.Member): Promise<repo.Member> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(blocks)
      .values({ blockerId: viewer, blockedId: member.id })
      .onConflictDoNothing()
      .returning({ at: blocks.createdAt });
    if (!row) throw new AppError(PeopleMessages.alreadyBlocked, 409);
    await tx
      .delete(follows)
      .where(
        or(
          and(eq(follows.followerId, viewer), eq(follows.followeeId, member.id)),
          and(eq(follows.followerId, member.id), eq(follows.followeeId, viewer)),
        ),
      );
  });
  await dropRequestsBetween(deps, viewer, member.id);
  await deps.bus.publish('member.blocked', { blockerId: viewer, blockedId: member.id }, { by: viewer });
  return member;
}

export async function unblock(deps: AppDeps, viewer: string, member: repo.Member): Promise<repo.Member> {
  const gone = await deps.db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, viewer), eq(blocks.blockedId, member.id)))
    .returning({ at: blocks.createdAt });
  if (gone.length === 0) throw new AppError(PeopleMessages.notBlocked, 400);
  return member;
}

export async function blockedList(deps: AppDeps, viewer: string): Promise<FriendRow[]> {
  const list = await repo.blockedBy(deps.db, viewer);
  return list.map((m) => presentRow(m, { mutual: 0, following: false }));
}
