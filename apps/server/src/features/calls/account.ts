/** Calls' part of a member's account: their call history (exported with whom and when; deleted either side). */
import { eq, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppDeps } from '../../deps.js';
import { calls, users } from '../../db/schema.js';
import type { AccountExport } from '../../account.js';

export async function exportCalls(deps: AppDeps, userId: string, out: AccountExport): Promise<void> {
  const caller = alias(users, 'caller');
  const callee = alias(users, 'callee');
  out.json(
    'calls.json',
    'calls',
    await deps.db
      .select({
        caller: caller.username,
        callee: callee.username,
        state: calls.state,
        endReason: calls.endReason,
        startedAt: calls.startedAt,
        answeredAt: calls.answeredAt,
        endedAt: calls.endedAt,
      })
      .from(calls)
      .innerJoin(caller, eq(caller.id, calls.callerId))
      .innerJoin(callee, eq(callee.id, calls.calleeId))
      .where(or(eq(calls.callerId, userId), eq(calls.calleeId, userId))),
  );
}

export async function deleteCalls(deps: AppDeps, userId: string): Promise<void> {
  await deps.db.delete(calls).where(or(eq(calls.callerId, userId), eq(calls.calleeId, userId)));
}
