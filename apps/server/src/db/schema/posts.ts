/** Posts, their media and per-category counts, and cached link previews. Likes, comments, shares: engagement.ts. */
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { Audience, ReplyPolicy } from '@sajha/contract';
import { createdAt, searchTerms } from './columns.js';
import { users } from './auth.js';
import { files } from './platform.js';

export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    category: text('category'),
    /** The first https URL of the content and its preview: the cached one, else filled in by a job (link-jobs.ts). */
    linkUrl: text('link_url'),
    linkMeta: jsonb('link_meta').$type<{ title: string; description: string; image: string; url: string }>(),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    shareCount: integer('share_count').notNull().default(0),
    createdAt: createdAt(),
    /** Removed by moderators: gone from feeds, shown as "Removed by moderators" where it was. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /** Marked sensitive (by its author or a moderator): its media are blurred until tapped. */
    sensitive: boolean('sensitive').notNull().default(false),
    /** Who sees it (relations.ts: seesPost): 'public', 'followers', 'friends' or 'only_me'. */
    audience: text('audience').$type<Audience>().notNull().default('public'),
    /** Who may comment: 'everyone', 'following' (people the author follows) or 'nobody'. */
    replyPolicy: text('reply_policy').$type<ReplyPolicy>().notNull().default('everyone'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Search lexemes of the content (platform/search-index.ts). */
    searchTerms: searchTerms('search_terms'),
    /** The hashtags of the content, lower-case without '#' (tag pages, trending). */
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** When its author last changed the text (issue 37); the earlier versions are in post_edits. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [
    index('posts_created_idx').on(t.createdAt, t.id),
    index('posts_category_created_idx').on(t.category, t.createdAt, t.id),
    index('posts_author_created_idx').on(t.authorId, t.createdAt),
    index('posts_search_idx').using('gin', t.searchTerms),
    index('posts_tags_idx').using('gin', t.tags),
  ],
);

/** The earlier texts of an edited post, each with when it was written; they go with the post. */
export const postEdits = pgTable(
  'post_edits',
  {
    id: uuid('id').primaryKey(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    writtenAt: timestamp('written_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('post_edits_post_idx').on(t.postId, t.writtenAt)],
);

/**
 * Posts per feed category ('all' for every post), kept by a trigger on `posts` (migration feed_post_counts)
 * so a feed page reads its total in one primary-key probe instead of counting the category each time.
 * A trigger, not the service: account deletion removes posts by cascade, and those must count too.
 */
export const postCounts = pgTable('post_counts', {
  category: text('category').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull().default(0),
});

export const postMedia = pgTable(
  'post_media',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.position] })],
);

/** Link previews, cached by URL. */
export const linkPreviews = pgTable('link_previews', {
  url: text('url').primaryKey(),
  meta: jsonb('meta').$type<{ title: string; description: string; image: string; url: string }>().notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
});
