import type { CurrentUser } from '@sajha/contract';
import type { users } from '../db/schema.js';

export function presentCurrentUser(u: typeof users.$inferSelect): CurrentUser {
  return { uid: u.id, name: u.name, username: u.username, avatar: u.avatar };
}
