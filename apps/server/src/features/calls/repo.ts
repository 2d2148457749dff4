/** The calls table: every state change is one conditional UPDATE, so two nodes never both win it. */
import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, or } from 'drizzle-orm';
import { isId } from '@sajha/contract';
import type { Db } from '../../db/client.js';
import { calls, users } from '../../db/schema.js';

export type CallRow = typeof calls.$inferSelect;
export type EndReason = NonNullable<CallRow['endReason']>;

export async function findCall(db: Db, roomId: string): Promise<CallRow | undefined> {
  if (!isId(roomId)) return undefined;
  const [row] = await db.select().from(calls).where(eq(calls.id, roomId)).limit(1);
  return row;
}

export async function insertCall(
  db: Db,
  values: { callerId: string; calleeId: string; ringDeadline: Date; state?: CallRow['state']; endReason?: EndReason },
): Promise<CallRow> {
  const now = new Date();
  const [row] = await db
    .insert(calls)
    .values({
      id: randomUUID(),
      callerId: values.callerId,
      calleeId: values.calleeId,
      state: values.state ?? 'ringing',
      startedAt: now,
      ringDeadline: values.ringDeadline,
      endedAt: values.state === 'ended' ? now : null,
      endReason: values.endReason ?? null,
    })
    .returning();
  return row!;
}

/** True when the member rings or talks in another call right now. */
export async function isInCall(db: Db, userId: string, now = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ id: calls.id })
    .from(calls)
    .where(
      and(
        or(eq(calls.callerId, userId), eq(calls.calleeId, userId)),
        or(eq(calls.state, 'active'), and(eq(calls.state, 'ringing'), gt(calls.ringDeadline, now))),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** ringing -> active; undefined when someone else already moved the call on. */
export async function markAnswered(db: Db, roomId: string): Promise<CallRow | undefined> {
  const [row] = await db
    .update(calls)
    .set({ state: 'active', answeredAt: new Date() })
    .where(and(eq(calls.id, roomId), eq(calls.state, 'ringing')))
    .returning();
  return row;
}

/** Ends the call if it is still in one of `from`; undefined when it had already moved on. */
export async function markEnded(
  db: Db,
  roomId: string,
  reason: EndReason,
  from: CallRow['state'][] = ['ringing', 'active'],
): Promise<CallRow | undefined> {
  const [row] = await db
    .update(calls)
    .set({ state: 'ended', endReason: reason, endedAt: new Date() })
    .where(and(eq(calls.id, roomId), inArray(calls.state, from)))
    .returning();
  return row;
}

export async function findMember(db: Db, userId: string) {
  if (!isId(userId)) return undefined;
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/** Calls still ringing or active (after a restart, their timers are scheduled again). */
export async function openCalls(db: Db): Promise<CallRow[]> {
  return db
    .select()
    .from(calls)
    .where(inArray(calls.state, ['ringing', 'active']));
}
