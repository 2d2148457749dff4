/** Reels and their likes, shares and comments. */
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './auth.js';
import { files } from './platform.js';

/**
 * Short vertical videos. An upload is kept as a private 'reel-source' file while status is 'processing';
 * the transcode writes the public 'reel' file (with its poster) and drops the source. 'failed' keeps the
 * reason for the uploader and no files.
 */
export const reels = pgTable(
  'reels',
  {
    id: uuid('id').primaryKey(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull(),
    status: text('status').notNull().default('processing'),
    error: text('error'),
    sourceFileId: uuid('source_file_id').references(() => files.id, { onDelete: 'set null' }),
    videoFileId: uuid('video_file_id').references(() => files.id, { onDelete: 'set null' }),
    durationMs: integer('duration_ms'),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    shareCount: integer('share_count').notNull().default(0),
    createdAt: createdAt(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
  },
  (t) => [index('reels_status_ready_idx').on(t.status, t.readyAt, t.id), index('reels_author_idx').on(t.authorId)],
);

export const reelLikes = pgTable(
  'reel_likes',
  {
    reelId: uuid('reel_id')
      .notNull()
      .references(() => reels.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.reelId, t.userId] })],
);

export const reelShares = pgTable(
  'reel_shares',
  {
    id: uuid('id').primaryKey(),
    reelId: uuid('reel_id')
      .notNull()
      .references(() => reels.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    ref: text('ref').notNull(),
    network: text('network').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('reel_shares_reel_idx').on(t.reelId)],
);

/** Comments on reels, with one level of replies like post comments. */
export const reelComments = pgTable(
  'reel_comments',
  {
    id: uuid('id').primaryKey(),
    reelId: uuid('reel_id')
      .notNull()
      .references(() => reels.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id'),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('reel_comments_reel_created_idx').on(t.reelId, t.createdAt)],
);
