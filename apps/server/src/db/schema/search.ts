/** Search and discovery: hashtags (their counts kept by a trigger), followed tags, recent searches. */
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, searchTerms } from './columns.js';
import { users } from './auth.js';

/**
 * Every hashtag used on a post or a clip. `uses` counts the posts and clips that carry it now, kept by
 * triggers on posts and reels (migration search), so a deleted post or an edit that drops a tag counts at
 * once, whichever path removed it (account deletion cascades too).
 */
export const hashtags = pgTable(
  'hashtags',
  {
    name: text('name').primaryKey(),
    searchTerms: searchTerms('search_terms').notNull(),
    uses: integer('uses').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('hashtags_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('hashtags_search_idx').using('gin', t.searchTerms),
  ],
);

export const tagFollows = pgTable(
  'tag_follows',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tag] })],
);

/** A member's recent searches (the last SEARCH_LIMITS.recentKept), private to them. */
export const recentSearches = pgTable(
  'recent_searches',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    query: text('query').notNull(),
    searchedAt: timestamp('searched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.query] })],
);

/**
 * Words (and sound keys) of public text: posts, clips, names and tags, never messages. Search corrects a
 * misspelt query word to the nearest of these (pg_trgm). Filled from the rows' lexemes by a job every minute
 * (features/search/vocabulary.ts), off the write path; letters only (no numbers: a phone number is not a
 * word), four characters or more; the column sorts bytewise ("C") so a prefix reads as a range of the key.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
]);
