/** Chats (direct and group), their members, messages, attachments and reactions. */
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, searchTerms } from './columns.js';
import { users } from './auth.js';
import { files } from './platform.js';

export const chats = pgTable(
  'chats',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind').$type<'direct' | 'group'>().notNull(),
    name: text('name'),
    picture: text('picture'),
    /** For direct chats: the two member ids sorted and joined, so a pair never gets a second chat. */
    directKey: text('direct_key'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // No index on last_message_at: a member's list reaches their chats through chat_members, and every
  // message bumps that column, which an index on it would turn from a HOT update into a new index entry.
  (t) => [uniqueIndex('chats_direct_key_unique').on(t.directKey)],
);

export const chatMembers = pgTable(
  'chat_members',
  {
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    /** Messages after this moment (from others) are unread for this member. */
    lastReadAt: timestamp('last_read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.userId] }), index('chat_members_user_idx').on(t.userId)],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The id the sending client gave; a resend with the same one is stored once. */
    clientId: text('client_id'),
    content: text('content').notNull().default(''),
    /** A group announcement (left, removed, added, renamed) rather than something a member wrote. */
    notice: boolean('notice').notNull().default(false),
    pinnedAt: timestamp('pinned_at', { withTimezone: true }),
    pinnedBy: uuid('pinned_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** Removed by moderators (after a report): shown as "Removed by moderators" to every member. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /** Search lexemes of the content: members search their own chats (platform/search-index.ts). */
    searchTerms: searchTerms('search_terms'),
    /**
     * The message this one replies to, in the same chat. No foreign key: a deleted original leaves the
     * reply saying "deleted" rather than losing its quote without a trace (the id alone tells nothing).
     */
    replyTo: uuid('reply_to'),
    /** Forwarded from another chat (its attachments are the original's files, shared, not copied). */
    forwarded: boolean('forwarded').notNull().default(false),
    /** When its sender last edited the text (issue 37); the earlier versions are in message_edits. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [
    index('messages_chat_created_idx').on(t.chatId, t.createdAt),
    // Messages per day, counted for the staff dashboard and /metrics without reading the whole table.
    index('messages_created_idx').on(t.createdAt),
    uniqueIndex('messages_sender_client_unique').on(t.senderId, t.clientId),
    index('messages_search_idx').using('gin', t.searchTerms),
  ],
);

export const messageAttachments = pgTable(
  'message_attachments',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  // A file is carried by the message it was sent with and by any forward of it: its bytes go with the
  // last of them (deleteMessage), or with its uploader's account.
  (t) => [primaryKey({ columns: [t.messageId, t.position] }), index('message_attachments_file_idx').on(t.fileId)],
);

/** One reaction per member per message; a new one replaces the old. */
export const messageReactions = pgTable(
  'message_reactions',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reaction: text('reaction').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] })],
);

/**
 * "Delete for me": a message one member no longer sees (history, the chat list's last message, search),
 * while the others keep it. Goes with the message (deleted for everyone) or the member.
 */
export const messageHides = pgTable(
  'message_hides',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] }), index('message_hides_user_idx').on(t.userId)],
);

/**
 * The earlier versions of an edited message, each with when it was written (the send, or the edit before),
 * so every member can see what it said. They go with the message.
 */
export const messageEdits = pgTable(
  'message_edits',
  {
    id: uuid('id').primaryKey(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    writtenAt: timestamp('written_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('message_edits_message_idx').on(t.messageId, t.writtenAt)],
);
