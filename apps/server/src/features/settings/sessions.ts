/**
 * Active sessions of a member: list, sign out one, sign out all others. A signed-out session's
 * sockets are closed at once on every node (fetchSockets goes through the adapter), and the deleted
 * session row means they cannot reconnect.
 */
import { and, desc, eq, gt, inArray, ne } from 'drizzle-orm';
import type { SessionRow } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { sessions } from '../../db/schema.js';
import { userRoom } from '../../realtime/types.js';
import { presentSession } from './presenters.js';

export async function listSessions(deps: AppDeps, userId: string, currentId: string): Promise<SessionRow[]> {
  const rows = await deps.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastSeenAt));
  return rows.map((r) => presentSession(r, currentId)).sort((a, b) => Number(b.current) - Number(a.current));
}

/** Closes the sockets (both namespaces) opened with any of these sessions. */
export async function disconnectSessions(deps: AppDeps, userId: string, sessionIds: string[]): Promise<void> {
  if (sessionIds.length === 0) return;
  const ids = new Set(sessionIds);
  for (const io of [deps.realtime.main, deps.realtime.call]) {
    const sockets = await io.in(userRoom(userId)).fetchSockets();
    for (const s of sockets) if (ids.has(s.data.sessionId)) s.disconnect(true);
  }
}

/** Deletes one session of the member; false when it is not theirs or already gone. */
export async function revokeSession(deps: AppDeps, userId: string, sessionId: string): Promise<boolean> {
  const gone = await deps.db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  await disconnectSessions(
    deps,
    userId,
    gone.map((g) => g.id),
  );
  return gone.length > 0;
}

/** Deletes every session of the member but `keepId` and drops their sockets; returns how many went. */
export async function revokeOtherSessions(deps: AppDeps, userId: string, keepId: string | null): Promise<number> {
  const gone = await deps.db
    .delete(sessions)
    .where(keepId ? and(eq(sessions.userId, userId), ne(sessions.id, keepId)) : eq(sessions.userId, userId))
    .returning({ id: sessions.id });
  await disconnectSessions(
    deps,
    userId,
    gone.map((g) => g.id),
  );
  return gone.length;
}

/** Socket connections count as activity for "last seen". */
export async function touchSession(deps: AppDeps, sessionId: string): Promise<void> {
  await deps.db
    .update(sessions)
    .set({ lastSeenAt: new Date() })
    .where(inArray(sessions.id, [sessionId]));
}
