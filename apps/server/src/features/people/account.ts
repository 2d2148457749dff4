/**
 * People's part of a member's account. Exported: who they follow, who follows them, whom they blocked.
 * Deleted: every follow, block and follow notice either way.
 */
import { eq, or } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { blocks, followNotices, follows, users } from '../../db/schema.js';
import type { AccountExport } from '../../account.js';

export async function exportPeople(deps: AppDeps, userId: string, out: AccountExport): Promise<void> {
  const { db } = deps;
  const who = { username: users.username, name: users.name };
  out.json(
    'following.json',
    'following',
    await db
      .select({ ...who, since: follows.createdAt })
      .from(follows)
      .innerJoin(users, eq(users.id, follows.followeeId))
      .where(eq(follows.followerId, userId)),
  );
  out.json(
    'followers.json',
    'followers',
    await db
      .select({ ...who, since: follows.createdAt })
      .from(follows)
      .innerJoin(users, eq(users.id, follows.followerId))
      .where(eq(follows.followeeId, userId)),
  );
  out.json(
    'blocked.json',
    'blocked',
    await db
      .select({ ...who, since: blocks.createdAt })
      .from(blocks)
      .innerJoin(users, eq(users.id, blocks.blockedId))
      .where(eq(blocks.blockerId, userId)),
  );
}

export async function deletePeople(deps: AppDeps, userId: string): Promise<void> {
  await deps.db.delete(follows).where(or(eq(follows.followerId, userId), eq(follows.followeeId, userId)));
  await deps.db.delete(blocks).where(or(eq(blocks.blockerId, userId), eq(blocks.blockedId, userId)));
  await deps.db
    .delete(followNotices)
    .where(or(eq(followNotices.followerId, userId), eq(followNotices.followeeId, userId)));
}
