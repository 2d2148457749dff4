/**
 * Sign-up controls (features/signup): invite codes, requests to join waiting for an admin, and the bot
 * checks already spent. The mode and the blocked domains are one row of server_settings ('signup').
 */
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './auth.js';

/** Invite codes (invite-only sign-up): made by a member or an admin, used once, until they expire. */
export const invites = pgTable(
  'invites',
  {
    code: text('code').primaryKey(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedBy: uuid('used_by').references(() => users.id, { onDelete: 'set null' }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('invites_creator_idx').on(t.createdBy)],
);

/** Sign-ups waiting for an admin's approval (approval mode), with why they want to join. */
export const signupRequests = pgTable(
  'signup_requests',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    why: text('why').notNull(),
    status: text('status').$type<'pending' | 'approved' | 'rejected'>().notNull().default('pending'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('signup_requests_status_idx').on(t.status, t.createdAt)],
);

/**
 * Solved bot checks (ALTCHA) already used, kept until their challenge expires: a solution counts once,
 * on every node alike (the primary key decides a race). `id` is the challenge's signature.
 */
export const spentChallenges = pgTable(
  'spent_challenges',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('spent_challenges_expires_idx').on(t.expiresAt)],
);
