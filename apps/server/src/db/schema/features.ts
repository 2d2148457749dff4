/** The features page: member suggestions and their votes. */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './auth.js';

/** Member suggestions for the features page; one title per member (case-insensitive). */
export const featureSuggestions = pgTable(
  'feature_suggestions',
  {
    id: uuid('id').primaryKey(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    status: text('status').notNull().default('Pending'),
    voteCount: integer('vote_count').notNull().default(0),
    createdAt: createdAt(),
    /** Removed by moderators: gone from the board. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('feature_suggestions_author_title_unique').on(t.authorId, sql`lower(${t.title})`),
    index('feature_suggestions_created_idx').on(t.createdAt, t.id),
    index('feature_suggestions_votes_idx').on(t.voteCount, t.createdAt),
  ],
);

export const featureVotes = pgTable(
  'feature_votes',
  {
    featureId: uuid('feature_id')
      .notNull()
      .references(() => featureSuggestions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.featureId, t.userId] })],
);
