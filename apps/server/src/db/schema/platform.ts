/** What the platform layer keeps for every area: stored uploads and server-wide settings. */
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './auth.js';

/** Every stored upload (post media, chat attachments, avatars): bytes live in the storage backend under `storageKey`. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'post' media is public; 'chat' attachments are served to chat members only; 'avatar' is public. */
    purpose: text('purpose').notNull(),
    storageKey: text('storage_key').notNull(),
    /** Poster frame of a video, when one could be made. */
    posterKey: text('poster_key'),
    originalName: text('original_name').notNull().default(''),
    mime: text('mime').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    /** How long an audio or video upload plays, measured when it was received (null: not media, or unreadable). */
    durationMs: integer('duration_ms'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('files_storage_key_unique').on(t.storageKey), index('files_owner_idx').on(t.ownerId)],
);

/** Small server-wide settings shared by every node (e.g. the VAPID key pair). */
export const serverSettings = pgTable('server_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: createdAt(),
});
