/** Chat queries: members, hydration of message rows into DTOs, unread counts. */
import { and, asc, count, desc, eq, gt, inArray, isNotNull, ne, sql, type SQLWrapper } from 'drizzle-orm';
import type { MessageDto } from '@sajha/contract';
import type { Db } from '../../db/client.js';
import { batchedLookup, type Lookup } from '../../platform/batch.js';
import { chatMembers, files, messageAttachments, messageReactions, messages, users } from '../../db/schema.js';
import {
  goneQuote,
  presentMessage,
  presentQuote,
  type FileRow,
  type MessageRow,
  type QuotedRow,
  type UserRow,
} from './presenters.js';

import { rowsOf } from '../../db/rows.js';
import { hasBlocked, notBlockedWith } from '../../policy/relations.js';
export { rowsOf };

export const userColumns = { id: users.id, name: users.name, username: users.username, avatar: users.avatar };

export interface Member {
  userId: string;
  lastReadAt: Date;
}

export async function membersOf(db: Db, chatId: string): Promise<Member[]> {
  return db
    .select({ userId: chatMembers.userId, lastReadAt: chatMembers.lastReadAt })
    .from(chatMembers)
    .where(eq(chatMembers.chatId, chatId));
}

/** Turns message rows into DTOs: senders, attachments (in order), reactions with usernames, read status. */
/** The files the messages carry, each message's in order. */
export function attachmentsOf(db: Db, messageIds: string[]) {
  return db
    .select({
      messageId: messageAttachments.messageId,
      id: files.id,
      mime: files.mime,
      originalName: files.originalName,
      bytes: files.bytes,
      durationMs: files.durationMs,
    })
    .from(messageAttachments)
    .innerJoin(files, eq(files.id, messageAttachments.fileId))
    .where(inArray(messageAttachments.messageId, messageIds))
    .orderBy(asc(messageAttachments.position));
}

export async function hydrateMessages(
  db: Db,
  rows: MessageRow[],
  opts: { members: Member[]; online: Set<string> },
): Promise<MessageDto[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const senderIds = [...new Set(rows.map((r) => r.senderId))];
  const replyIds = [...new Set(rows.flatMap((r) => (r.replyTo ? [r.replyTo] : [])))];
  const [senders, attachments, reactions, quoted] = await Promise.all([
    db.select(userColumns).from(users).where(inArray(users.id, senderIds)),
    attachmentsOf(db, ids),
    db
      .select({ messageId: messageReactions.messageId, reaction: messageReactions.reaction, username: users.username })
      .from(messageReactions)
      .innerJoin(users, eq(users.id, messageReactions.userId))
      .where(inArray(messageReactions.messageId, ids))
      .orderBy(asc(messageReactions.createdAt)),
    quotesOf(db, replyIds),
  ]);
  const quoteById = new Map(quoted.map((q) => [q.id, q]));
  // Only an original in the same chat is quoted (sends check it; this holds it for any row).
  const quoteFor = (row: MessageRow) => {
    if (!row.replyTo) return undefined;
    const q = quoteById.get(row.replyTo);
    return q && q.chatId === row.chatId ? presentQuote(q) : goneQuote(row.replyTo);
  };
  const senderById = new Map(senders.map((s) => [s.id, s]));
  const group = <T extends { messageId: string }>(list: T[]) => {
    const m = new Map<string, T[]>();
    for (const item of list) m.set(item.messageId, [...(m.get(item.messageId) ?? []), item]);
    return m;
  };
  const filesBy = group(attachments);
  const reactionsBy = group(reactions);
  const out: MessageDto[] = [];
  for (const row of rows) {
    const sender = senderById.get(row.senderId);
    if (!sender) continue;
    // Read: by everyone else for one's own messages (a direct chat has one other reader).
    const others = opts.members.filter((m) => m.userId !== row.senderId);
    const read = others.length > 0 && others.every((m) => m.lastReadAt >= row.createdAt);
    out.push(
      presentMessage(row, {
        sender,
        online: opts.online.has(row.senderId),
        attachments: (filesBy.get(row.id) ?? []) satisfies FileRow[],
        reactions: (reactionsBy.get(row.id) ?? []).map(({ reaction, username }) => ({ reaction, username })),
        status: read ? 'read' : 'sent',
        replyTo: quoteFor(row),
      }),
    );
  }
  return out;
}

/** What replies show of the messages they quote: sender's name, content, first attachment. */
export async function quotesOf(db: Db, ids: string[]): Promise<QuotedRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: messages.id,
      chatId: messages.chatId,
      content: messages.content,
      removedAt: messages.removedAt,
      senderName: users.name,
      fileId: files.id,
      fileMime: files.mime,
      fileName: files.originalName,
    })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .leftJoin(
      messageAttachments,
      and(eq(messageAttachments.messageId, messages.id), eq(messageAttachments.position, 0)),
    )
    .leftJoin(files, eq(files.id, messageAttachments.fileId))
    .where(and(inArray(messages.id, ids), eq(messages.notice, false)));
}

/** Not a message the viewer deleted for themselves (message_hides: one probe of its key per message). */
export const notHiddenFrom = (viewerId: string, messageId: SQLWrapper = messages.id) =>
  sql`not exists (select 1 from message_hides h where h.message_id = ${messageId} and h.user_id = ${viewerId})`;

/**
 * Newest first, without those the viewer deleted for themselves; `before` is a message id (its time and
 * id, compared in SQL at full precision, are the cursor).
 */
export async function pageOfMessages(
  db: Db,
  viewerId: string,
  chatId: string,
  before: string | undefined,
  limit: number,
) {
  const cursor = before
    ? sql`(${messages.createdAt}, ${messages.id}) < (select m2.created_at, m2.id from messages m2 where m2.id = ${before} and m2.chat_id = ${chatId})`
    : undefined;
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.chatId, chatId), cursor, notHiddenFrom(viewerId)))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
}

/** Unread messages per chat for one member: from others, after the member's last-read mark. */
/**
 * Unread counts leave out a direct chat whose other member blocked the reader: the reader no longer sees
 * that chat, so it could never be read (a group's messages still count: the group is still theirs).
 */
const stillTheirs = (reader: typeof chatMembers.userId | string) =>
  sql`not (${hasBlocked(messages.senderId, reader)} and exists (select 1 from chats c where c.id = ${messages.chatId} and c.kind = 'direct'))`;

export async function unreadByChat(db: Db, userId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ chatId: messages.chatId, n: count() })
    .from(messages)
    .innerJoin(chatMembers, and(eq(chatMembers.chatId, messages.chatId), eq(chatMembers.userId, userId)))
    .where(and(ne(messages.senderId, userId), gt(messages.createdAt, chatMembers.lastReadAt), stillTheirs(userId)))
    .groupBy(messages.chatId);
  return new Map(rows.map((r) => [r.chatId, r.n]));
}

export async function unreadInChat(db: Db, chatId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .innerJoin(chatMembers, and(eq(chatMembers.chatId, messages.chatId), eq(chatMembers.userId, userId)))
    .where(
      and(eq(messages.chatId, chatId), ne(messages.senderId, userId), gt(messages.createdAt, chatMembers.lastReadAt)),
    );
  return row?.n ?? 0;
}

/** Unread counts in one chat for several members at once (the fan-out asks for all absent members). */
export async function unreadInChatFor(db: Db, chatId: string, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: chatMembers.userId, n: count() })
    .from(messages)
    .innerJoin(chatMembers, eq(chatMembers.chatId, messages.chatId))
    .where(
      and(
        eq(messages.chatId, chatId),
        inArray(chatMembers.userId, userIds),
        ne(messages.senderId, chatMembers.userId),
        gt(messages.createdAt, chatMembers.lastReadAt),
      ),
    )
    .groupBy(chatMembers.userId);
  return new Map(rows.map((r) => [r.userId, r.n]));
}

/** Unread totals over all chats for several members in one query. */
export async function unreadTotals(db: Db, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: chatMembers.userId, n: count() })
    .from(messages)
    .innerJoin(chatMembers, eq(chatMembers.chatId, messages.chatId))
    .where(
      and(
        inArray(chatMembers.userId, userIds),
        ne(messages.senderId, chatMembers.userId),
        gt(messages.createdAt, chatMembers.lastReadAt),
        stillTheirs(chatMembers.userId),
      ),
    )
    .groupBy(chatMembers.userId);
  return new Map(rows.map((r) => [r.userId, r.n]));
}

export async function unreadTotal(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .innerJoin(chatMembers, and(eq(chatMembers.chatId, messages.chatId), eq(chatMembers.userId, userId)))
    .where(and(ne(messages.senderId, userId), gt(messages.createdAt, chatMembers.lastReadAt), stillTheirs(userId)));
  return row?.n ?? 0;
}

/** Moves several members' read marks to a message's time in one statement (never back). */
export async function markReadMany(db: Db, chatId: string, userIds: string[], upToMessageId: string): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .update(chatMembers)
    .set({
      lastReadAt: sql`greatest(${chatMembers.lastReadAt}, (select m2.created_at from messages m2 where m2.id = ${upToMessageId}))`,
    })
    .where(and(eq(chatMembers.chatId, chatId), inArray(chatMembers.userId, userIds)));
}

/** Moves a member's read mark forward (never back): to a message's time, or to now. */
export async function markRead(db: Db, chatId: string, userId: string, upToMessageId?: string): Promise<void> {
  const mark = upToMessageId
    ? sql`greatest(${chatMembers.lastReadAt}, (select m2.created_at from messages m2 where m2.id = ${upToMessageId}))`
    : sql`greatest(${chatMembers.lastReadAt}, now())`;
  await db
    .update(chatMembers)
    .set({ lastReadAt: mark })
    .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, userId)));
}

export async function pinnedMessage(db: Db, chatId: string): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.chatId, chatId), isNotNull(messages.pinnedAt)))
    .orderBy(desc(messages.pinnedAt))
    .limit(1);
  return row;
}

/**
 * Who may see the member's presence: people who share a chat in which the member has written, so
 * opening an empty chat with someone does not stream their online state to you. Asked at every
 * member's first tab and last close, so the members coming online together (a restarted node's tabs
 * reconnecting) share one query (platform/batch.ts).
 */
export function presenceAudienceOf(db: Db, userId: string): Promise<string[]> {
  let lookup = audienceLookups.get(db);
  if (!lookup) {
    lookup = batchedLookup((userIds: string[]) => presenceAudiencesOf(db, userIds));
    audienceLookups.set(db, lookup);
  }
  return lookup(userId).then((audience) => audience ?? []);
}

const audienceLookups = new WeakMap<Db, Lookup<string, string[]>>();

/** presenceAudienceOf for several members in one query; a member with no audience is left out (and nobody across a block). */
async function presenceAudiencesOf(db: Db, userIds: string[]): Promise<Map<string, string[]>> {
  const written = db
    .selectDistinct({ chatId: messages.chatId, senderId: messages.senderId })
    .from(messages)
    .where(inArray(messages.senderId, userIds))
    .as('written');
  const rows = await db
    .selectDistinct({ of: written.senderId, userId: chatMembers.userId })
    .from(written)
    .innerJoin(chatMembers, and(eq(chatMembers.chatId, written.chatId), ne(chatMembers.userId, written.senderId)))
    // Presence never crosses a block, either way.
    .where(notBlockedWith(written.senderId, chatMembers.userId));
  const audiences = new Map<string, string[]>();
  for (const { of, userId } of rows) {
    const audience = audiences.get(of);
    if (audience) audience.push(userId);
    else audiences.set(of, [userId]);
  }
  return audiences;
}

export type { UserRow };
