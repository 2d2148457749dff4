/**
 * Privacy controls (issue 38): the member's settings, follow requests to a private account, and the
 * contact check (who may start a chat with, or call, a member). Transport-free: routes.ts and other
 * areas (people's follow, chat's first message, calls' ring) call these; the policies decide with what
 * these load. Audiences of posts and clips are SQL in policy/relations.ts (seesPost, audienceAdmits).
 */
import { eq, sql } from 'drizzle-orm';
import {
  Messages,
  PRIVACY_LIMITS,
  PrivacyText,
  type ContactPolicy,
  type FollowRequestDto,
  type PrivacySettings,
  type PrivacyUpdate,
} from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { follows, messages, users } from '../../db/schema.js';
import type { ActorInfo } from '../../events/map.js';
import { loadMember, presentCurrentUser } from '../../platform/current-user.js';
import { AppError } from '../../platform/errors.js';
import * as repo from './repo.js';

export async function getSettings(deps: AppDeps, userId: string): Promise<PrivacySettings> {
  const settings = await repo.settingsOf(deps.db, userId);
  if (!settings) throw new AppError(Messages.server.unauthorized, 401);
  return settings;
}

/**
 * Saves what changed. Turning a private account public approves every pending request (nobody is left
 * waiting on a door that is now open); turning it private keeps the followers it has.
 */
export async function updateSettings(
  deps: AppDeps,
  me: ActorInfo,
  update: PrivacyUpdate,
): Promise<{ success: true; message: string; settings: PrivacySettings }> {
  await repo.saveSettings(deps.db, me.id, update);
  if (update.privateAccount === false) {
    for (const requesterId of await repo.approve(deps.db, me.id)) {
      void deps.bus.publish('member.approved', { approver: me, requesterId }, { by: me.id });
    }
  }
  void deps.bus.publish('privacy.updated', { userId: me.id }, { by: me.id });
  // Every tab of the member takes the new defaults (the create dialog, the blur) at once.
  const user = await loadMember(deps, me.id);
  void deps.bus.publish('profile.updated', { user: presentCurrentUser(user) }, { by: me.id });
  return { success: true, message: PrivacyText.saved, settings: await getSettings(deps, me.id) };
}

export async function listRequests(
  deps: AppDeps,
  me: string,
): Promise<{ success: true; requests: FollowRequestDto[] }> {
  return { success: true, requests: await repo.pendingRequests(deps.db, me, PRIVACY_LIMITS.requestsListed) };
}

/** The member a follow-request route names (undefined: none, which the policy answers as no request). */
export const loadRequester = (deps: AppDeps, username: string) => repo.memberByUsername(deps.db, username);

export async function answerRequest(
  deps: AppDeps,
  me: ActorInfo,
  requester: { id: string },
  approve: boolean,
): Promise<{ success: true; message: string }> {
  if (approve) {
    const done = await repo.approve(deps.db, me.id, requester.id);
    if (done.length === 0) throw new AppError(PrivacyText.noRequest, 404);
    void deps.bus.publish('member.approved', { approver: me, requesterId: requester.id }, { by: me.id });
    return { success: true, message: PrivacyText.approved };
  }
  if (!(await repo.dropRequest(deps.db, requester.id, me.id))) throw new AppError(PrivacyText.noRequest, 404);
  return { success: true, message: PrivacyText.declined };
}

/** Asks a private member to follow them; the target hears of it (a notification). */
export async function requestFollow(deps: AppDeps, requester: ActorInfo, targetId: string): Promise<string> {
  if (!(await repo.addRequest(deps.db, requester.id, targetId))) {
    throw new AppError(PrivacyText.alreadyRequested, 409);
  }
  void deps.bus.publish('member.requested', { requester, targetId }, { by: requester.id });
  return PrivacyText.requested;
}

/** Takes back a pending request; false when there was none. */
export const withdrawRequest = (deps: AppDeps, requesterId: string, targetId: string) =>
  repo.dropRequest(deps.db, requesterId, targetId);

export const hasRequested = (deps: AppDeps, requesterId: string, targetId: string) =>
  repo.hasRequest(deps.db, requesterId, targetId);

/** A block ends requests either way. */
export const dropRequestsBetween = (deps: AppDeps, a: string, b: string) => repo.dropBetween(deps.db, a, b);

// ---- Who may start a chat with, or call, a member ----

interface ContactSettings {
  name: string;
  messages: ContactPolicy;
  calls: ContactPolicy;
}

const CROSS_NODE_TTL_MS = 1_000;
const MAX_ENTRIES = 20_000;

/**
 * Members' contact settings, read on every first message and ring: kept in memory, dropped when the
 * member changes them (the bus), and on several nodes after a second (another node's change).
 */
class ContactCache {
  private readonly entries = new Map<string, { value: ContactSettings; at: number }>();
  private readonly ttl: number;
  constructor(private readonly deps: AppDeps) {
    this.ttl = deps.config.redisUrl ? CROSS_NODE_TTL_MS : Infinity;
    deps.bus.subscribe('privacy.updated', ({ userId }) => this.entries.delete(userId));
    deps.bus.subscribe('profile.updated', ({ user }) => this.entries.delete(user.uid));
  }
  async get(userId: string): Promise<ContactSettings | undefined> {
    const hit = this.entries.get(userId);
    if (hit && Date.now() - hit.at < this.ttl) return hit.value;
    const [row] = await this.deps.db
      .select({ name: users.name, messages: users.messagePolicy, calls: users.callPolicy })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!row) return undefined;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(userId, { value: row, at: Date.now() });
    return row;
  }
}
const caches = new WeakMap<AppDeps, ContactCache>();
const cacheOf = (deps: AppDeps) => {
  let cache = caches.get(deps);
  if (!cache) caches.set(deps, (cache = new ContactCache(deps)));
  return cache;
};

const REFUSAL: Record<'messages' | 'calls', Record<Exclude<ContactPolicy, 'everyone'>, (name: string) => string>> = {
  messages: {
    following: PrivacyText.cannotMessageFollowing,
    friends: PrivacyText.cannotMessageFriends,
    nobody: PrivacyText.cannotMessageNobody,
  },
  calls: {
    following: PrivacyText.cannotCallFollowing,
    friends: PrivacyText.cannotCallFriends,
    nobody: PrivacyText.cannotCallNobody,
  },
};

/**
 * Why `actorId` may not message (or call) `targetId`, or undefined when they may. For messages, a chat
 * `targetId` has written in (`chat`, or how to find it) stays open: the setting is about new conversations.
 */
export async function contactRefusal(
  deps: AppDeps,
  kind: 'messages' | 'calls',
  actorId: string,
  targetId: string,
  chat?: string | (() => Promise<string | undefined>),
): Promise<string | undefined> {
  if (actorId === targetId) return undefined;
  const target = await cacheOf(deps).get(targetId);
  const setting = target?.[kind] ?? 'everyone';
  if (!target || setting === 'everyone') return undefined;
  // The chat is looked up only now, when the setting leaves some people out.
  const chatId = typeof chat === 'function' ? await chat() : chat;
  const followsActor = sql`exists (select 1 from ${follows} where ${follows.followerId} = ${targetId} and ${follows.followeeId} = ${actorId})`;
  const actorFollows = sql`exists (select 1 from ${follows} where ${follows.followerId} = ${actorId} and ${follows.followeeId} = ${targetId})`;
  const wrote = chatId
    ? sql`exists (select 1 from ${messages} where ${messages.chatId} = ${chatId} and ${messages.senderId} = ${targetId})`
    : sql`false`;
  const [row] = await deps.db.select({ followsActor, actorFollows, wrote }).from(sql`(select 1) one`);
  const yes = (v: unknown) => v === true || v === 't';
  if (kind === 'messages' && yes(row?.wrote)) return undefined;
  const admitted =
    setting === 'following'
      ? yes(row?.followsActor)
      : setting === 'friends'
        ? yes(row?.followsActor) && yes(row?.actorFollows)
        : false;
  return admitted ? undefined : REFUSAL[kind][setting](target.name);
}
