/** Calls. */
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

/**
 * One row per call (a "room"): stored, not held in a process, so any node can answer for it. The ring
 * deadline is stored too, so a timeout can be fired by whichever node (or job) checks it.
 */
export const calls = pgTable(
  'calls',
  {
    id: uuid('id').primaryKey(),
    callerId: uuid('caller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    calleeId: uuid('callee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state').$type<'ringing' | 'active' | 'ended'>().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    ringDeadline: timestamp('ring_deadline', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason').$type<'hangup' | 'cancelled' | 'declined' | 'no-answer' | 'busy' | 'dropped'>(),
  },
  (t) => [
    index('calls_caller_state_idx').on(t.callerId, t.state),
    index('calls_callee_state_idx').on(t.calleeId, t.state),
  ],
);
