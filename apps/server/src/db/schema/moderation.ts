/**
 * Trust and safety: members' reports and mutes, and what staff do about reports (the append-only
 * audit log, notes, appeals). Sign-up controls (invites, requests to join) are in signup.ts.
 */
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './auth.js';

/**
 * A member's report of something: `target_key` groups reports of the same thing ("post:<id>"), and
 * `snapshot` keeps it as the reporter saw it (for a chat message, the few messages around it, which staff
 * see for this report only). The reported member is `target_member_id`; they never learn who reported.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetKind: text('target_kind').notNull(),
    targetId: uuid('target_id').notNull(),
    targetKey: text('target_key').notNull(),
    targetMemberId: uuid('target_member_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    snapshot: jsonb('snapshot').notNull(),
    status: text('status').$type<'open' | 'resolved' | 'dismissed'>().notNull().default('open'),
    assignedTo: uuid('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    /** The action that closed it (moderation_log), when one was taken. */
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('reports_status_created_idx').on(t.status, t.createdAt),
    index('reports_target_idx').on(t.targetKey),
    index('reports_reporter_idx').on(t.reporterId),
    index('reports_member_idx').on(t.targetMemberId),
    // One open report per member per thing: a second report of the same thing updates the first.
    uniqueIndex('reports_open_unique')
      .on(t.reporterId, t.targetKey)
      .where(sql`status = 'open'`),
  ],
);

/** Staff notes on a reported thing (by target key), seen by staff only. */
export const reportNotes = pgTable(
  'report_notes',
  {
    id: uuid('id').primaryKey(),
    targetKey: text('target_key').notNull(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('report_notes_target_idx').on(t.targetKey, t.createdAt)],
);

/**
 * The audit log: one row per staff action (who, what, on what and whom, why, when). Append-only: a
 * trigger refuses UPDATE and DELETE (migration 0012); a reversal is a row of its own that names the one
 * it reverses.
 */
export const moderationLog = pgTable(
  'moderation_log',
  {
    id: uuid('id').primaryKey(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetKind: text('target_kind').notNull(),
    targetId: uuid('target_id').notNull(),
    targetMemberId: uuid('target_member_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull().default(''),
    /** Extra facts of the action (days of a suspension, the role granted, the report ids it closed). */
    details: jsonb('details').notNull().default({}),
    /** A reversal names the action it reverses. */
    reverses: uuid('reverses'),
    createdAt: createdAt(),
  },
  (t) => [
    index('moderation_log_created_idx').on(t.createdAt),
    index('moderation_log_member_idx').on(t.targetMemberId, t.createdAt),
    index('moderation_log_target_idx').on(t.targetKind, t.targetId),
  ],
);

/** A member's one appeal of an action against them; a different staff member decides it. */
export const appeals = pgTable(
  'appeals',
  {
    id: uuid('id').primaryKey(),
    actionId: uuid('action_id').notNull(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    status: text('status').$type<'open' | 'upheld' | 'reversed'>().notNull().default('open'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('appeals_action_unique').on(t.actionId), index('appeals_status_idx').on(t.status, t.createdAt)],
);

/** Members a member muted: their posts, clips and comments are hidden from the muter (no block). */
export const mutes = pgTable(
  'mutes',
  {
    muterId: uuid('muter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mutedId: uuid('muted_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.muterId, t.mutedId] }), index('mutes_muted_idx').on(t.mutedId)],
);

/** Words a member muted: posts, clips and comments containing one are collapsed for them. */
export const mutedWords = pgTable(
  'muted_words',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    word: text('word').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.word] })],
);
