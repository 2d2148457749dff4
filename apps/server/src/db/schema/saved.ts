/** The member's private Saved list (issue 37): posts and clips, by (kind, id) as likes are. */
import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './auth.js';

export const savedItems = pgTable(
  'saved_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'post' or 'reel'; the subject goes with its post or clip (trigger engagement_forget_subjects). */
    kind: text('kind').$type<'post' | 'reel'>().notNull(),
    subjectId: uuid('subject_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.subjectId] }),
    index('saved_items_user_created_idx').on(t.userId, t.createdAt),
    // The trigger that forgets a deleted post's or clip's saves finds them by subject.
    index('saved_items_subject_idx').on(t.kind, t.subjectId),
  ],
);
