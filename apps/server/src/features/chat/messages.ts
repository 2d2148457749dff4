/**
 * Messages: pages of history, sending, reactions, pins, deletes. Each event is authorized before these
 * run (events.ts names the action, policy.ts decides), then reads or writes through drizzle and states what happened on the bus; publish.ts
 * turns the facts into emits. Sends go through the group-commit writer (writer.ts).
 */
import { searchVector } from '../../platform/search-index.js';
import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { LIMITS, Messages, PeopleMessages, type CurrentUser, type EditHistory, type MessageDto } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import {
  chats,
  files,
  messageAttachments,
  messageEdits,
  messageHides,
  messageReactions,
  messages,
} from '../../db/schema.js';
import { historyOf } from '../../platform/edit-history.js';
import { AppError } from '../../platform/errors.js';
import type { ChatMeta } from './cache.js';
import { directChat } from './chats.js';
import { claimableAttachments, deleteUncarriedFiles } from './attachments.js';
import type { MessageAccess, SendTarget } from './policy.js';
import { onlineAmong } from './presence.js';
import { presentMessage, presentQuote, type FileRow, type MessageRow, type UserRow } from './presenters.js';
import { hydrateMessages, markRead, membersOf, pageOfMessages, pinnedMessage, quotesOf } from './repo.js';
import { chatState } from './state.js';
import { nextInChat, storedAtText } from './writer.js';

/** One message as every member sees it (status and online flags need the chat's members). */
export async function messageDto(deps: AppDeps, row: MessageRow): Promise<MessageDto> {
  const members = await membersOf(deps.db, row.chatId);
  const online = await onlineAmong(deps, [row.senderId]);
  const [dto] = await hydrateMessages(deps.db, [row], { members, online });
  if (!dto) throw new AppError(Messages.chat.messageNotFound, 404);
  return dto;
}

/** A page of messages, newest first. The first page (no cursor) also counts as reading the chat. */
export async function getMessages(
  deps: AppDeps,
  me: string,
  chat: ChatMeta,
  opts: { before?: string | undefined; limit?: number | undefined } = {},
): Promise<{ messages: MessageDto[]; read: boolean }> {
  const chatId = chat.id;
  await chatState(deps).reads.flush();
  const rows = await pageOfMessages(deps.db, me, chatId, opts.before, opts.limit ?? 30);
  const read = !opts.before;
  if (read) await markRead(deps.db, chatId, me);
  const members = await membersOf(deps.db, chatId);
  const online = await onlineAmong(deps, [...new Set(rows.map((r) => r.senderId))], me);
  return { messages: await hydrateMessages(deps.db, rows, { members, online }), read };
}

export async function readChat(deps: AppDeps, me: string, chat: ChatMeta): Promise<void> {
  await markRead(deps.db, chat.id, me);
}

export interface SendInput {
  id?: string | undefined;
  message: string;
  to_cid?: string | undefined;
  to_uid?: string | undefined;
  attachments?: string[] | undefined;
  replyTo?: string | undefined;
  /** A forward: the original's files, carried as they are (shared, not claimed as new uploads). */
  forward?: { attached: FileRow[] } | undefined;
}

export interface Sent {
  message: MessageDto;
  chatId: string;
  memberIds: string[];
  /** False when the client's id was seen before: the stored copy is returned and nothing is re-sent. */
  created: boolean;
}

/**
 * Stores a message once per (sender, client id) and states it on the bus once it is durable. The hot
 * path costs no query of its own: membership and the sender's profile come from the cache, and the
 * writer's one statement (shared with whatever arrived together) checks membership and blocks again,
 * stores the message and bumps the chat's activity.
 */
export async function sendMessage(
  deps: AppDeps,
  me: CurrentUser,
  target: SendTarget,
  input: SendInput,
  origin?: string,
): Promise<Sent> {
  const { cache, writer } = chatState(deps);
  const chat = target.chat ?? (await cache.chat((await directChat(deps, me.uid, target.to)).id));
  if (!chat) throw new AppError(Messages.chat.notMember, 403);
  const otherId = chat.kind === 'direct' ? (chat.memberIds.find((id) => id !== me.uid) ?? null) : null;
  const sender: UserRow = (await cache.profile(me.uid)) ?? { id: me.uid, ...me };

  const fileIds = input.forward ? input.forward.attached.map((f) => f.id) : [...new Set(input.attachments ?? [])];
  if (fileIds.length > LIMITS.chatAttachmentsMax) throw new AppError(Messages.chat.tooManyFiles, 400);
  // A reply quotes a message of this chat (any member may quote any message they can see here).
  const quoted = input.replyTo ? (await quotesOf(deps.db, [input.replyTo]))[0] : undefined;
  if (input.replyTo && quoted?.chatId !== chat.id) throw new AppError(Messages.chat.replyNotFound, 400);
  const values = {
    id: randomUUID(),
    chatId: chat.id,
    senderId: me.uid,
    clientId: input.id ?? null,
    content: input.message,
    replyTo: input.replyTo ?? null,
  };
  let stored: { at: string; attached: FileRow[] } | undefined;
  if (input.forward) {
    stored = await storeWithAttachments(deps, { ...values, forwarded: true }, fileIds, otherId, input.forward.attached);
  } else if (fileIds.length > 0) {
    stored = await storeWithAttachments(deps, values, fileIds, otherId);
  } else {
    const done = await writer.write({ ...values, otherId });
    stored = done && { at: done.at, attached: [] };
  }
  if (!stored) return resentOrRefused(deps, chat, me.uid, input.id, otherId);

  const row: MessageRow = {
    ...values,
    notice: false,
    pinnedAt: null,
    pinnedBy: null,
    removedAt: null,
    searchTerms: null,
    forwarded: Boolean(input.forward),
    editedAt: null,
    createdAt: new Date(stored.at),
  };
  const byId = new Map(stored.attached.map((f) => [f.id, f]));
  const message = presentMessage(row, {
    sender,
    online: true,
    attachments: fileIds.map((id) => byId.get(id)!),
    reactions: [],
    status: 'sent',
    replyTo: quoted && presentQuote(quoted),
  });
  const memberIds = chat.memberIds;
  void deps.bus.publish(
    'chat.message.sent',
    {
      chatId: chat.id,
      memberIds,
      message,
      storedAt: stored.at,
      sender: { uid: me.uid, name: sender.name, username: sender.username, avatar: sender.avatar },
      origin,
    },
    { by: me.uid },
  );
  return { message, chatId: chat.id, memberIds, created: true };
}

/**
 * The rare paths: a message with files, or a forward, stored in one transaction (not group-committed).
 * `shared`: a forward's files, already the sender's to pass on; otherwise only the sender's own uploads
 * that no other message carries (attachments.ts).
 */
async function storeWithAttachments(
  deps: AppDeps,
  values: Pick<MessageRow, 'id' | 'chatId' | 'senderId' | 'clientId' | 'content' | 'replyTo'> & { forwarded?: boolean },
  fileIds: string[],
  otherId: string | null,
  shared?: FileRow[],
): Promise<{ at: string; attached: FileRow[] } | undefined> {
  const { db } = deps;
  if (otherId && (await deps.policy.relations.blockedEitherWay(values.senderId, otherId))) {
    throw new AppError(PeopleMessages.cannotMessage, 403);
  }
  const attached = shared ?? (await claimableAttachments(db, values.senderId, fileIds, values.clientId));
  if (attached.length !== fileIds.length) throw new AppError(Messages.chat.attachmentNotFound, 400);
  // A message and its attachments are stored together or not at all.
  const at = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(messages)
      .values({ ...values, searchTerms: searchVector(values.content), createdAt: nextInChat(values.chatId) })
      .onConflictDoNothing({ target: [messages.senderId, messages.clientId] })
      .returning({ at: storedAtText, createdAt: messages.createdAt });
    if (!inserted) return undefined;
    if (fileIds.length > 0)
      await tx
        .insert(messageAttachments)
        .values(fileIds.map((fileId, position) => ({ messageId: values.id, fileId, position })));
    await tx.update(chats).set({ lastMessageAt: inserted.createdAt }).where(eq(chats.id, values.chatId));
    return inserted.at;
  });
  return at ? { at, attached } : undefined;
}

/** Nothing was stored: a resend of a stored message (answered with that copy), or a refusal. */
async function resentOrRefused(
  deps: AppDeps,
  chat: ChatMeta,
  me: string,
  clientId: string | undefined,
  otherId: string | null,
): Promise<Sent> {
  if (clientId) {
    const [before] = await deps.db
      .select()
      .from(messages)
      .where(and(eq(messages.senderId, me), eq(messages.clientId, clientId)));
    if (before) {
      return {
        message: await messageDto(deps, before),
        chatId: before.chatId,
        memberIds: chat.memberIds,
        created: false,
      };
    }
  }
  // The insert's own checks refused it: a block in a direct chat, or a membership the cache had not seen end.
  if (otherId && (await deps.policy.relations.blockedEitherWay(me, otherId)))
    throw new AppError(PeopleMessages.cannotMessage, 403);
  void deps.bus.publish('chat.members.changed', { chatId: chat.id }, { by: me });
  throw new AppError(Messages.chat.notMember, 403);
}

/** One reaction per member per message: a new one replaces the old; the same one again takes it back. */
export async function react(deps: AppDeps, me: string, { chat, message: row }: MessageAccess, reaction: string) {
  const [mine] = await deps.db
    .select({ reaction: messageReactions.reaction })
    .from(messageReactions)
    .where(and(eq(messageReactions.messageId, row.id), eq(messageReactions.userId, me)));
  if (mine?.reaction === reaction) {
    await deps.db
      .delete(messageReactions)
      .where(and(eq(messageReactions.messageId, row.id), eq(messageReactions.userId, me)));
  } else {
    await deps.db
      .insert(messageReactions)
      .values({ messageId: row.id, userId: me, reaction })
      .onConflictDoUpdate({
        target: [messageReactions.messageId, messageReactions.userId],
        set: { reaction, createdAt: new Date() },
      });
  }
  const message = await messageDto(deps, row);
  const memberIds = chat.memberIds;
  void deps.bus.publish('chat.message.updated', { chatId: row.chatId, memberIds, messages: [message] }, { by: me });
  return { message, memberIds };
}

/** Any member may pin or unpin. One pin per chat: pinning a message unpins the one before. */
export async function setPinned(deps: AppDeps, me: string, { chat, message: row }: MessageAccess, pinned: boolean) {
  const changed: MessageRow[] = [];
  if (pinned) {
    const before = await pinnedMessage(deps.db, row.chatId);
    if (before && before.id !== row.id) {
      const [un] = await deps.db
        .update(messages)
        .set({ pinnedAt: null, pinnedBy: null })
        .where(eq(messages.id, before.id))
        .returning();
      if (un) changed.push(un);
    }
  }
  const [updated] = await deps.db
    .update(messages)
    .set(pinned ? { pinnedAt: new Date(), pinnedBy: me } : { pinnedAt: null, pinnedBy: null })
    .where(eq(messages.id, row.id))
    .returning();
  if (updated) changed.push(updated);
  const dtos = await Promise.all(changed.map((r) => messageDto(deps, r)));
  const memberIds = chat.memberIds;
  void deps.bus.publish('chat.message.updated', { chatId: row.chatId, memberIds, messages: dtos }, { by: me });
  return { messages: dtos, chatId: row.chatId, memberIds };
}

/**
 * Delete for me: the member no longer sees the message in any of their tabs (message_deleted to them
 * only); the others keep it. Hiding twice is fine.
 */
export async function hideMessage(deps: AppDeps, me: string, { message: row }: MessageAccess) {
  await deps.db.insert(messageHides).values({ messageId: row.id, userId: me }).onConflictDoNothing();
  void deps.bus.publish('chat.message.hidden', { chatId: row.chatId, userId: me, mid: row.id }, { by: me });
  return { mid: row.id, chatId: row.chatId };
}

/** Only the sender deletes for everyone; the message goes, with its attachments' bytes unless a forward still carries them. */
export async function deleteMessage(deps: AppDeps, me: string, { chat, message: row }: MessageAccess) {
  const attached = await deps.db
    .select({ id: files.id, storageKey: files.storageKey })
    .from(messageAttachments)
    .innerJoin(files, eq(files.id, messageAttachments.fileId))
    .where(eq(messageAttachments.messageId, row.id));
  const gone = await deps.db.transaction(async (tx) => {
    await tx.delete(messages).where(eq(messages.id, row.id));
    // A forward shares the files: they go with the last message that carries them.
    return attached.length === 0
      ? []
      : deleteUncarriedFiles(
          tx,
          attached.map((f) => f.id),
        );
  });
  for (const f of gone) await deps.storage.delete(f.storageKey).catch(() => undefined);
  const memberIds = chat.memberIds;
  void deps.bus.publish('chat.message.deleted', { chatId: row.chatId, memberIds, mid: row.id, by: me }, { by: me });
  return { mid: row.id, chatId: row.chatId, memberIds };
}

/**
 * The sender rewrites a message's text (its files stay). The text it replaces is kept, with when it was
 * written, so every member can read the history; every member's open chat shows the new text and
 * "edited" at once (message_updated). The row is locked first, so two quick edits keep both old texts.
 */
export async function editMessage(deps: AppDeps, me: string, { chat, message: row }: MessageAccess, text: string) {
  const edited = await deps.db.transaction(async (tx) => {
    const [now] = await tx.select().from(messages).where(eq(messages.id, row.id)).for('update');
    if (!now) throw new AppError(Messages.chat.messageNotFound, 404);
    if (now.content === text) return now;
    await tx
      .insert(messageEdits)
      .values({ id: randomUUID(), messageId: now.id, content: now.content, writtenAt: now.editedAt ?? now.createdAt });
    const [updated] = await tx
      .update(messages)
      .set({ content: text, editedAt: new Date(), searchTerms: searchVector(text) })
      .where(eq(messages.id, now.id))
      .returning();
    return updated ?? now;
  });
  const message = await messageDto(deps, edited);
  const memberIds = chat.memberIds;
  void deps.bus.publish('chat.message.updated', { chatId: row.chatId, memberIds, messages: [message] }, { by: me });
  return message;
}

/** What an edited message said before, newest first (one version when it was never edited). */
export async function messageHistory(deps: AppDeps, { message: row }: MessageAccess): Promise<EditHistory> {
  const earlier = await deps.db
    .select({ content: messageEdits.content, at: messageEdits.writtenAt })
    .from(messageEdits)
    .where(eq(messageEdits.messageId, row.id))
    .orderBy(desc(messageEdits.writtenAt));
  return historyOf({ content: row.content, at: row.editedAt ?? row.createdAt }, earlier);
}
