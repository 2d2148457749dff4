/** Database sessions: a random token in an httpOnly cookie, only its sha256 stored. */
import { randomUUID } from 'node:crypto';
import { and, eq, gt, ne, type SQL } from 'drizzle-orm';
import { DURATIONS_MS } from '@sajha/contract';
import type { Db } from '../db/client.js';
import type { EventBus } from '../events/bus.js';
import { sessions, users } from '../db/schema.js';
import { randomToken, sha256 } from './crypto.js';
import { isSanctioned } from './sanctions.js';

export const SESSION_COOKIE = 'sajha_sid';
/** A session without "remember me" dies with the browser, and on the server after this long. */
export const SHORT_SESSION_MS = 12 * 60 * 60 * 1000;

export type SessionUser = typeof users.$inferSelect;
export interface AuthContext {
  sessionId: string;
  user: SessionUser;
}

export async function createSession(
  db: Db,
  userId: string,
  opts: { remember: boolean; userAgent?: string; ip?: string },
): Promise<{ token: string; id: string; expiresAt: Date }> {
  const token = randomToken();
  const id = randomUUID();
  const expiresAt = new Date(Date.now() + (opts.remember ? DURATIONS_MS.rememberMe : SHORT_SESSION_MS));
  await db.insert(sessions).values({
    id,
    tokenHash: sha256(token),
    userId,
    remember: opts.remember,
    userAgent: (opts.userAgent ?? '').slice(0, 300),
    ip: opts.ip ?? '',
    expiresAt,
  });
  return { token, id, expiresAt };
}

export async function findSession(db: Db, token: string | undefined): Promise<AuthContext | null> {
  if (!token || token.length > 200) return null;
  const rows = await db
    .select({ sessionId: sessions.id, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sha256(token)), gt(sessions.expiresAt, new Date())))
    .limit(1);
  const row = rows[0];
  // A suspension or ban ends every session at once; a session that slipped through is still refused.
  if (!row || !row.user.emailVerifiedAt || isSanctioned(row.user)) return null;
  return row;
}

type SessionDeps = { db: Db; bus: EventBus };

async function endWhere(deps: SessionDeps, userId: string, where: SQL | undefined): Promise<string[]> {
  const gone = await deps.db.delete(sessions).where(where).returning({ id: sessions.id });
  const sessionIds = gone.map((g) => g.id);
  if (sessionIds.length > 0) await deps.bus.publish('session.ended', { userId, sessionIds });
  return sessionIds;
}

/** Signs out one session (the cookie's) and closes its sockets; other devices stay signed in. */
export async function deleteSession(deps: SessionDeps, token: string): Promise<void> {
  const [row] = await deps.db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(eq(sessions.tokenHash, sha256(token)))
    .limit(1);
  if (row) await endWhere(deps, row.userId, eq(sessions.tokenHash, sha256(token)));
}

/** Signs out every session of the member but `keepSessionId`, closing their sockets at once. */
export async function deleteOtherSessions(
  deps: SessionDeps,
  userId: string,
  keepSessionId?: string,
): Promise<string[]> {
  return endWhere(
    deps,
    userId,
    keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId),
  );
}

/** Reads one cookie from a raw Cookie header (sockets have no cookie plugin). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eqAt = part.indexOf('=');
    if (eqAt < 0) continue;
    if (part.slice(0, eqAt).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eqAt + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
