/**
 * What members do with content, keyed by (kind, subject): likes, comments with one level of replies,
 * and shares, for posts and clips alike (and whatever kind of content comes next). Rows of a deleted
 * post or clip go with it through triggers on the content tables (migration 0011).
 */
import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './auth.js';

export const likes = pgTable(
  'likes',
  {
    kind: text('kind').notNull(),
    subjectId: uuid('subject_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.subjectId, t.userId] }), index('likes_user_idx').on(t.userId)],
);

/** Comments and replies: a reply has a parent (one level deep, as the spec shows). */
export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind').notNull(),
    subjectId: uuid('subject_id').notNull(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id'),
    content: text('content').notNull(),
    createdAt: createdAt(),
    /** Removed by moderators: shown as "Removed by moderators" in the thread. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    index('comments_subject_created_idx').on(t.kind, t.subjectId, t.createdAt),
    index('comments_parent_idx').on(t.parentId),
    index('comments_author_idx').on(t.authorId),
  ],
);

export const shares = pgTable(
  'shares',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind').notNull(),
    subjectId: uuid('subject_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The random ref carried by the share link. */
    ref: text('ref').notNull(),
    network: text('network').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('shares_subject_idx').on(t.kind, t.subjectId), index('shares_user_idx').on(t.userId)],
);
