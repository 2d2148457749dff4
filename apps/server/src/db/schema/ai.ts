/** The AI assistant. */
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './auth.js';

/** A member's conversation with the AI assistant, kept so a reload shows it; "New chat" deletes it. */
export const aiMessages = pgTable(
  'ai_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The spec's message id: a timestamp string. */
    clientId: text('client_id').notNull(),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ai_messages_user_idx').on(t.userId, t.createdAt)],
);
