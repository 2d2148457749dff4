/** Comments on posts. */
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './auth.js';
import { posts } from './posts.js';

/** Comments and replies: a reply has a parent (one level deep, as the spec shows). */
export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id'),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('comments_post_created_idx').on(t.postId, t.createdAt), index('comments_parent_idx').on(t.parentId)],
);
