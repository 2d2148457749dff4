/** The settings form: social links and former usernames. */
import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './auth.js';

/** Social links of the settings form: one per platform. */
export const socials = pgTable(
  'socials',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    value: text('value').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.platform] })],
);

/** Former usernames: each keeps leading to its member, and stays reserved, for 30 days. */
export const usernameHistory = pgTable(
  'username_history',
  {
    username: text('username').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('username_history_lower_unique').on(sql`lower(${t.username})`),
    index('username_history_user_idx').on(t.userId),
  ],
);

/**
 * Usernames of deleted accounts, held like a renamed one (nobody may take them for 30 days). Only a
 * hash of the lower-cased name is kept, and no member id: nothing here leads back to the member.
 */
export const heldUsernames = pgTable('held_usernames', {
  nameHash: text('name_hash').primaryKey(),
  until: timestamp('until', { withTimezone: true }).notNull(),
});
