/** Reels (clips). Their likes, comments and shares: engagement.ts. */
import type { Audience } from '@sajha/contract';
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, searchTerms } from './columns.js';
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
    removedAt: timestamp('removed_at', { withTimezone: true }),
    sensitive: boolean('sensitive').notNull().default(false),
    /** Who sees it (relations.ts: seesPost), as for posts. */
    audience: text('audience').$type<Audience>().notNull().default('public'),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    /** Search lexemes of the title and description (platform/search-index.ts). */
    searchTerms: searchTerms('search_terms'),
    /** Hashtags of the title and description. */
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [
    index('reels_status_ready_idx').on(t.status, t.readyAt, t.id),
    index('reels_author_idx').on(t.authorId),
    index('reels_search_idx').using('gin', t.searchTerms),
    index('reels_tags_idx').using('gin', t.tags),
  ],
);
