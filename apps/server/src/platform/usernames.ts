/**
 * Username changes: the old name keeps leading to its member, and nobody else can take it, for 30 days.
 * `resolveUsername` is what profile lookups call, so `/u/@old` lands on the renamed member.
 */
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { heldUsernames, usernameHistory, users } from '../db/schema.js';
import { sha256 } from './crypto.js';

export const OLD_USERNAME_DAYS = 30;
const holdSince = (now = Date.now()) => new Date(now - OLD_USERNAME_DAYS * 24 * 60 * 60 * 1000);

export type UserRow = typeof users.$inferSelect;

/** The member whose current username is `name`, or who gave it up less than 30 days ago (case-insensitive). */
export async function resolveUsername(db: Db, name: string): Promise<UserRow | null> {
  const wanted = name.replace(/^@/, '').trim().toLowerCase();
  if (!wanted) return null;
  const [current] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${wanted}`)
    .limit(1);
  if (current) return current.deletedAt ? null : current;
  const [old] = await db
    .select({ user: users })
    .from(usernameHistory)
    .innerJoin(users, eq(users.id, usernameHistory.userId))
    .where(and(sql`lower(${usernameHistory.username}) = ${wanted}`, gt(usernameHistory.changedAt, holdSince())))
    .orderBy(desc(usernameHistory.changedAt))
    .limit(1);
  return old && !old.user.deletedAt ? old.user : null;
}

/** True when `name` is someone's current username, another member's recent old one, or a deleted account's. */
export async function usernameHeld(db: Db, name: string, exceptUserId?: string): Promise<boolean> {
  const wanted = name.toLowerCase();
  const deleted = await db
    .select({ until: heldUsernames.until })
    .from(heldUsernames)
    .where(and(eq(heldUsernames.nameHash, sha256(wanted)), gt(heldUsernames.until, new Date())))
    .limit(1);
  if (deleted.length > 0) return true;
  const current = await db
    .select({ id: users.id })
    .from(users)
    .where(
      exceptUserId
        ? and(sql`lower(${users.username}) = ${wanted}`, ne(users.id, exceptUserId))
        : sql`lower(${users.username}) = ${wanted}`,
    )
    .limit(1);
  if (current.length > 0) return true;
  const old = await db
    .select({ id: usernameHistory.userId })
    .from(usernameHistory)
    .where(
      and(
        sql`lower(${usernameHistory.username}) = ${wanted}`,
        gt(usernameHistory.changedAt, holdSince()),
        ...(exceptUserId ? [ne(usernameHistory.userId, exceptUserId)] : []),
      ),
    )
    .limit(1);
  return old.length > 0;
}

/** Records `oldName` as given up by the member now; an expired record of the same name is replaced. */
export async function rememberOldUsername(db: Db, userId: string, oldName: string): Promise<void> {
  await db.delete(usernameHistory).where(sql`lower(${usernameHistory.username}) = ${oldName.toLowerCase()}`);
  await db.insert(usernameHistory).values({ userId, username: oldName });
}

/** A member taking a name back (their own recent old one) ends its reservation. */
export async function forgetOldUsername(db: Db, userId: string, name: string): Promise<void> {
  await db
    .delete(usernameHistory)
    .where(and(eq(usernameHistory.userId, userId), sql`lower(${usernameHistory.username}) = ${name.toLowerCase()}`));
}
