import { eq } from 'drizzle-orm';
import { Messages, type CurrentUser } from '@sajha/contract';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';
import type { ActorInfo } from '../events/map.js';
import { AppError } from './errors.js';
import { languageOf } from './locale.js';

export function presentCurrentUser(u: typeof users.$inferSelect): CurrentUser {
  return {
    uid: u.id,
    name: u.name,
    username: u.username,
    avatar: u.avatar,
    language: languageOf(u),
    defaultAudience: u.defaultAudience,
    defaultReplies: u.defaultReplies,
    showSensitive: u.showSensitive,
    privateAccount: u.privateAccount,
  };
}

/** Who acts, as facts and notices name them, from the member's row (HTTP routes; sockets: actorInfoOf). */
export const actorInfoOfUser = (
  u: Pick<typeof users.$inferSelect, 'id' | 'username' | 'name' | 'avatar'>,
): ActorInfo => ({
  id: u.id,
  username: u.username,
  name: u.name,
  avatar: u.avatar,
});

/** The acting member's own row; a deleted (or missing) account answers as signed out. */
export async function loadMember(deps: { db: Db }, userId: string): Promise<typeof users.$inferSelect> {
  const [u] = await deps.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!u || u.deletedAt) throw new AppError(Messages.server.unauthorized, 401);
  return u;
}
