/**
 * Everything a new socket needs, in one statement: the live session (touched as seen now, which
 * Settings' device list shows, at most every 5 minutes so a reconnect storm is not a write storm),
 * its member, and the notification badge count the first paint shows.
 * It used to be three round trips per connection (session + user, touch, badge), the bulk of a
 * handshake's cost when a node restarts and every tab reconnects at once. Handshakes that arrive
 * while that statement runs share the next one (platform/batch.ts): one statement per round, not
 * one per socket.
 */
import { sql } from 'drizzle-orm';
import type { CurrentUser, Locale } from '@sajha/contract';
import type { Db } from '../db/client.js';
import { textArray } from '../db/rows.js';
import { batchedLookup } from '../platform/batch.js';
import { sha256 } from '../platform/crypto.js';

export interface SocketSession {
  sessionId: string;
  /** Epoch ms. */
  expiresAt: number;
  user: CurrentUser;
  /** The member's sign-in address: never sent to the client; staff roles are decided from it (ADMIN_EMAILS). */
  email: string;
  /** The stored staff role ('member' for most). */
  role: 'member' | 'moderator' | 'admin';
  /** The member's interface language: refusals are written in it. */
  locale: Locale;
  unreadNotifications: number;
}

/** The session of a cookie token, or null when it is missing, unknown, expired or its member unverified. */
export type SocketSessionOpener = (token: string | undefined) => Promise<SocketSession | null>;

interface Row {
  token_hash: string;
  session_id: string;
  expires_at: number;
  uid: string;
  name: string;
  username: string;
  avatar: string | null;
  email: string;
  role: 'member' | 'moderator' | 'admin';
  locale: string;
  verified: boolean;
  sanctioned: boolean;
  unread: number;
}

/** The live sessions among these token hashes, keyed by hash. */
async function loadSocketSessions(db: Db, hashes: string[]): Promise<Map<string, SocketSession>> {
  const result = await db.execute(sql`
    with s as (
      select id, token_hash, user_id, expires_at from sessions
      where token_hash = any(${textArray(hashes)}) and expires_at > now()
    ), touched as (
      update sessions set last_seen_at = now()
      where id in (select id from s) and last_seen_at < now() - interval '5 minutes'
    )
    select s.token_hash, s.id as session_id,
      (extract(epoch from s.expires_at) * 1000)::float8 as expires_at,
      u.id as uid, u.name, u.username, u.avatar, u.email,
      u.email_verified_at is not null as verified, u.role, u.locale,
      (u.banned_at is not null or coalesce(u.suspended_until > now(), false)) as sanctioned,
      (select count(*)::int from notifications n where n.user_id = u.id and n.read_at is null) as unread
    from s join users u on u.id = s.user_id`);
  const found = new Map<string, SocketSession>();
  // PGlite and node-postgres both answer with {rows}.
  for (const row of (result as { rows: Row[] }).rows) {
    if (!row.verified || row.sanctioned) continue;
    found.set(row.token_hash, {
      sessionId: row.session_id,
      expiresAt: Number(row.expires_at),
      user: { uid: row.uid, name: row.name, username: row.username, avatar: row.avatar },
      email: row.email,
      role: row.role,
      locale: row.locale === 'ne' ? 'ne' : 'en',
      unreadNotifications: Number(row.unread),
    });
  }
  return found;
}

/** One opener per server process (both socket paths share it, so their handshakes share rounds). */
export function socketSessionOpener(db: Db): SocketSessionOpener {
  const lookup = batchedLookup((hashes: string[]) => loadSocketSessions(db, hashes));
  return async (token) => {
    if (!token || token.length > 200) return null;
    return (await lookup(sha256(token))) ?? null;
  };
}
