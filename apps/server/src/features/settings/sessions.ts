/**
 * Active sessions of a member: list, sign out one, sign out all others. A signed-out session's
 * sockets close at once on every node (the session.ended fact), and the deleted row means they
 * cannot reconnect.
 */
import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import type { SessionRow } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { sessions } from '../../db/schema.js';
import { deleteOtherSessions } from '../../platform/sessions.js';
import { presentSession } from './presenters.js';

export async function listSessions(deps: AppDeps, userId: string, currentId: string): Promise<SessionRow[]> {
  const rows = await deps.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastSeenAt));
  return rows.map((r) => presentSession(r, currentId)).sort((a, b) => Number(b.current) - Number(a.current));
}

/** Deletes one session of the member (its sockets close on every node); false when not theirs or gone. */
export async function revokeSession(deps: AppDeps, userId: string, sessionId: string): Promise<boolean> {
  const gone = await deps.db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  if (gone.length > 0) await deps.bus.publish('session.ended', { userId, sessionIds: gone.map((g) => g.id) });
  return gone.length > 0;
}

/** Deletes every session of the member but `keepId` and closes their sockets; returns how many went. */
export async function revokeOtherSessions(deps: AppDeps, userId: string, keepId: string | null): Promise<number> {
  return (await deleteOtherSessions(deps, userId, keepId ?? undefined)).length;
}

/** Socket connections count as activity for "last seen". */
export async function touchSession(deps: AppDeps, sessionId: string): Promise<void> {
  await deps.db
    .update(sessions)
    .set({ lastSeenAt: new Date() })
    .where(inArray(sessions.id, [sessionId]));
}
