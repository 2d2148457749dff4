/**
 * Everything a new socket needs, in one statement: the live session (touched as seen now, which
 * Settings' device list shows, at most every 5 minutes so a reconnect storm is not a write storm),
 * its member, and the notification badge count the first paint shows.
 * It used to be three round trips per connection (session + user, touch, badge), the bulk of a
 * handshake's cost when a node restarts and every tab reconnects at once.
 */
import { sql } from 'drizzle-orm';
import type { CurrentUser } from '@sajha/contract';
import type { Db } from '../db/client.js';
import { sha256 } from '../platform/crypto.js';

export interface SocketSession {
  sessionId: string;
  /** Epoch ms. */
  expiresAt: number;
  user: CurrentUser;
  unreadNotifications: number;
}

interface Row {
  session_id: string;
  expires_at: number;
  uid: string;
  name: string;
  username: string;
  avatar: string | null;
  verified: boolean;
  unread: number;
}

export async function openSocketSession(db: Db, token: string | undefined): Promise<SocketSession | null> {
  if (!token || token.length > 200) return null;
  const result = await db.execute(sql`
    with s as (
      select id, user_id, expires_at, last_seen_at from sessions
      where token_hash = ${sha256(token)} and expires_at > now()
    ), touched as (
      update sessions set last_seen_at = now()
      where id = (select id from s) and last_seen_at < now() - interval '5 minutes'
    )
    select s.id as session_id,
      (extract(epoch from s.expires_at) * 1000)::float8 as expires_at,
      u.id as uid, u.name, u.username, u.avatar,
      u.email_verified_at is not null as verified,
      (select count(*)::int from notifications n where n.user_id = u.id and n.read_at is null) as unread
    from s join users u on u.id = s.user_id`);
  // PGlite and node-postgres both answer with {rows}.
  const row = (result as { rows: unknown[] }).rows[0] as Row | undefined;
  if (!row || !row.verified) return null;
  return {
    sessionId: row.session_id,
    expiresAt: Number(row.expires_at),
    user: { uid: row.uid, name: row.name, username: row.username, avatar: row.avatar },
    unreadNotifications: Number(row.unread),
  };
}
