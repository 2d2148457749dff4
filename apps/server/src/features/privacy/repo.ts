/** Privacy queries: a member's settings (columns of `users`) and the follow requests to them. */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FollowRequestDto, PrivacySettings, PrivacyUpdate } from '@sajha/contract';
import type { Db } from '../../db/client.js';
import { followRequests, follows, users } from '../../db/schema.js';
import { notBlockedWith } from '../../policy/relations.js';

const settingsColumns = {
  privateAccount: users.privateAccount,
  defaultAudience: users.defaultAudience,
  defaultReplies: users.defaultReplies,
  messages: users.messagePolicy,
  calls: users.callPolicy,
  showSensitive: users.showSensitive,
};

export async function settingsOf(db: Db, userId: string): Promise<PrivacySettings | undefined> {
  const [row] = await db.select(settingsColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

export async function saveSettings(db: Db, userId: string, update: PrivacyUpdate): Promise<void> {
  const set: Partial<typeof users.$inferInsert> = {};
  if (update.privateAccount !== undefined) set.privateAccount = update.privateAccount;
  if (update.defaultAudience) set.defaultAudience = update.defaultAudience;
  if (update.defaultReplies) set.defaultReplies = update.defaultReplies;
  if (update.messages) set.messagePolicy = update.messages;
  if (update.calls) set.callPolicy = update.calls;
  if (update.showSensitive !== undefined) set.showSensitive = update.showSensitive;
  if (Object.keys(set).length === 0) return;
  await db
    .update(users)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** The member a request names, by username (verified, not deleted). */
export async function memberByUsername(db: Db, username: string): Promise<{ id: string } | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.username}) = lower(${username.replace(/^@/, '')})`,
        sql`${users.emailVerifiedAt} is not null and ${users.deletedAt} is null`,
      ),
    )
    .limit(1);
  return row;
}

/** Who asked to follow `targetId`, newest first (never anyone across a block). */
export async function pendingRequests(db: Db, targetId: string, limit: number): Promise<FollowRequestDto[]> {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      username: users.username,
      avatar: users.avatar,
      at: followRequests.createdAt,
    })
    .from(followRequests)
    .innerJoin(users, eq(users.id, followRequests.requesterId))
    .where(and(eq(followRequests.targetId, targetId), notBlockedWith(targetId, users.id)))
    .orderBy(desc(followRequests.createdAt))
    .limit(limit);
  return rows.map(({ at, ...r }) => ({ ...r, requestedAt: at.toISOString() }));
}

/** Asks to follow; false when the request was already there. */
export async function addRequest(db: Db, requesterId: string, targetId: string): Promise<boolean> {
  const rows = await db
    .insert(followRequests)
    .values({ requesterId, targetId })
    .onConflictDoNothing()
    .returning({ at: followRequests.createdAt });
  return rows.length > 0;
}

/** Withdraws or declines a request; false when there was none. */
export async function dropRequest(db: Db, requesterId: string, targetId: string): Promise<boolean> {
  const rows = await db
    .delete(followRequests)
    .where(and(eq(followRequests.requesterId, requesterId), eq(followRequests.targetId, targetId)))
    .returning({ at: followRequests.createdAt });
  return rows.length > 0;
}

export async function hasRequest(db: Db, requesterId: string, targetId: string): Promise<boolean> {
  const [row] = await db
    .select({ at: followRequests.createdAt })
    .from(followRequests)
    .where(and(eq(followRequests.requesterId, requesterId), eq(followRequests.targetId, targetId)))
    .limit(1);
  return Boolean(row);
}

/**
 * Approves requests to `targetId` (one requester, or all): each becomes a follow, in one transaction.
 * Answers the requesters now following.
 */
export async function approve(db: Db, targetId: string, requesterId?: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(followRequests)
      .where(
        and(
          eq(followRequests.targetId, targetId),
          requesterId ? eq(followRequests.requesterId, requesterId) : undefined,
        ),
      )
      .returning({ id: followRequests.requesterId });
    if (gone.length === 0) return [];
    await tx
      .insert(follows)
      .values(gone.map((g) => ({ followerId: g.id, followeeId: targetId })))
      .onConflictDoNothing();
    return gone.map((g) => g.id);
  });
}

/** Requests either way between two members go (a block ends them). */
export async function dropBetween(db: Db, a: string, b: string): Promise<void> {
  await db.delete(followRequests).where(
    sql`(${followRequests.requesterId} = ${a} and ${followRequests.targetId} = ${b})
        or (${followRequests.requesterId} = ${b} and ${followRequests.targetId} = ${a})`,
  );
}
