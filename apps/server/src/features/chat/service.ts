/**
 * Chat logic, free of sockets: every call starts by checking that the member belongs to the chat,
 * then reads or writes through drizzle and answers with DTOs. events.ts turns the outcomes into emits.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, ilike, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import { LIMITS, Messages, PeopleMessages, type ChatDto, type CurrentUser, type MessageDto } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { chatMembers, chats, files, messageAttachments, messageReactions, messages, users } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';
import { isBlockedEitherWay, notBlockedWith } from '../people/blocks.js';
import { claimableAttachments } from './attachments.js';
import { onlineAmong } from './presence.js';
import { presentChat, presentMessage, type ChatRow, type MessageRow } from './presenters.js';
import {
  hydrateMessages,
  isUuid,
  markRead,
  membersOf,
  pageOfMessages,
  pinnedMessage,
  requireMember,
  requireMessageInMyChat,
  unreadByChat,
  userColumns,
} from './repo.js';

export { unreadTotal } from './repo.js';

/** One message as every member sees it (status and online flags need the chat's members). */
export async function messageDto(deps: AppDeps, row: MessageRow): Promise<MessageDto> {
  const members = await membersOf(deps.db, row.chatId);
  const online = await onlineAmong(deps, [row.senderId]);
  const [dto] = await hydrateMessages(deps.db, [row], { members, online });
  if (!dto) throw new AppError(Messages.chat.messageNotFound, 404);
  return dto;
}

/** The member's chats, newest activity first, each with its last message, unread count and pin. */
export async function listChats(deps: AppDeps, me: string, only?: string[]): Promise<ChatDto[]> {
  const { db } = deps;
  const mine = await db
    .select({ chat: chats })
    .from(chatMembers)
    .innerJoin(chats, eq(chats.id, chatMembers.chatId))
    .where(and(eq(chatMembers.userId, me), only ? inArray(chats.id, only) : undefined))
    .orderBy(desc(chats.lastMessageAt), desc(chats.id))
    .limit(200);
  if (mine.length === 0) return [];
  const ids = mine.map((r) => r.chat.id);
  const [others, lastRows, unread, pinnedRows, members] = await Promise.all([
    db
      .select({ chatId: chatMembers.chatId, ...userColumns })
      .from(chatMembers)
      .innerJoin(users, eq(users.id, chatMembers.userId))
      .where(and(inArray(chatMembers.chatId, ids), ne(chatMembers.userId, me))),
    db
      .selectDistinctOn([messages.chatId])
      .from(messages)
      .where(inArray(messages.chatId, ids))
      .orderBy(messages.chatId, desc(messages.createdAt), desc(messages.id)),
    unreadByChat(db, me),
    db
      .selectDistinctOn([messages.chatId])
      .from(messages)
      .where(and(inArray(messages.chatId, ids), isNotNull(messages.pinnedAt)))
      .orderBy(messages.chatId, desc(messages.pinnedAt)),
    db
      .select({ chatId: chatMembers.chatId, userId: chatMembers.userId, lastReadAt: chatMembers.lastReadAt })
      .from(chatMembers)
      .where(inArray(chatMembers.chatId, ids)),
  ]);
  const online = await onlineAmong(deps, [...new Set(others.map((o) => o.id))]);
  const hydrated = await hydrateMessages(db, [...lastRows, ...pinnedRows], { members, online });
  // hydrate() judged read status with every chat's members at once; narrow to the message's own chat.
  const byId = new Map(hydrated.map((m) => [m.id, m]));
  const lastBy = new Map(lastRows.map((r) => [r.chatId, byId.get(r.id)]));
  const pinnedBy = new Map(pinnedRows.map((r) => [r.chatId, byId.get(r.id) ?? null]));

  const out: ChatDto[] = [];
  for (const { chat } of mine) {
    const last = lastBy.get(chat.id);
    // An empty direct chat is listed to nobody: opening /message/@x shows it to the opener (from
    // chat_started) but it joins anyone's list only once a message is sent.
    if (chat.kind === 'direct' && !last && !only) continue;
    const people = others.filter((o) => o.chatId === chat.id);
    const dto = presentChat(chat, {
      counterpart: people[0],
      online: people.some((p) => online.has(p.id)),
      last:
        last &&
        fixStatus(
          last,
          members.filter((m) => m.chatId === chat.id),
        ),
      unread: unread.get(chat.id) ?? 0,
      pinned: pinnedBy.get(chat.id) ?? null,
    });
    if (dto) out.push(dto);
  }
  return out;
}

function fixStatus(m: MessageDto, members: { userId: string; lastReadAt: Date }[]): MessageDto {
  const others = members.filter((x) => x.userId !== m.sender.uid);
  const t = new Date(m.timestamp);
  const read = others.length > 0 && others.every((x) => x.lastReadAt >= t);
  return { ...m, status: read ? 'read' : 'sent' };
}

export async function chatFor(deps: AppDeps, me: string, chatId: string): Promise<ChatDto> {
  const [dto] = await listChats(deps, me, [chatId]);
  if (!dto) throw new AppError(Messages.chat.notMember, 403);
  return dto;
}

/** A page of messages, newest first. The first page (no cursor) also counts as reading the chat. */
export async function getMessages(
  deps: AppDeps,
  me: string,
  chatId: string,
  opts: { before?: string | undefined; limit?: number | undefined } = {},
): Promise<{ messages: MessageDto[]; read: boolean }> {
  await requireMember(deps.db, chatId, me);
  const rows = await pageOfMessages(deps.db, chatId, opts.before, opts.limit ?? 30);
  const read = !opts.before;
  if (read) await markRead(deps.db, chatId, me);
  const members = await membersOf(deps.db, chatId);
  const online = await onlineAmong(deps, [...new Set(rows.map((r) => r.senderId))]);
  return { messages: await hydrateMessages(deps.db, rows, { members, online }), read };
}

export async function readChat(deps: AppDeps, me: string, chatId: string): Promise<void> {
  await requireMember(deps.db, chatId, me);
  await markRead(deps.db, chatId, me);
}

/** The direct chat of two members: reused when it exists (a unique key on the pair), created otherwise. */
async function directChat(deps: AppDeps, me: string, otherId: string): Promise<ChatRow> {
  if (otherId === me) throw new AppError(Messages.chat.selfChat, 400);
  if (!isUuid(otherId)) throw new AppError(Messages.chat.userNotFound, 404);
  const [other] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, otherId), isNotNull(users.emailVerifiedAt)));
  // A block either way: the same answer as for an unknown member.
  if (!other || (await isBlockedEitherWay(deps.db, me, otherId))) throw new AppError(Messages.chat.userNotFound, 404);
  const directKey = [me, otherId].sort().join(':');
  return deps.db.transaction(async (tx) => {
    await tx
      .insert(chats)
      .values({ id: randomUUID(), kind: 'direct', directKey, createdBy: me })
      .onConflictDoNothing({ target: chats.directKey });
    const [chat] = await tx.select().from(chats).where(eq(chats.directKey, directKey));
    if (!chat) throw new Error('direct chat vanished');
    await tx
      .insert(chatMembers)
      .values([
        { chatId: chat.id, userId: me },
        { chatId: chat.id, userId: otherId },
      ])
      .onConflictDoNothing();
    return chat;
  });
}

export async function startChat(
  deps: AppDeps,
  me: string,
  target: { to_uid: string } | { username: string },
): Promise<ChatDto> {
  let otherId: string;
  if ('to_uid' in target) otherId = target.to_uid;
  else {
    const [u] = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.username}) = lower(${target.username})`, isNotNull(users.emailVerifiedAt)));
    if (!u) throw new AppError(Messages.chat.userNotFound, 404);
    otherId = u.id;
  }
  const chat = await directChat(deps, me, otherId);
  return chatFor(deps, me, chat.id);
}

export async function startGroupChat(
  deps: AppDeps,
  me: string,
  input: { groupName: string; userIds: string[] },
): Promise<{ chatId: string; memberIds: string[] }> {
  const name = input.groupName.trim();
  if (!name) throw new AppError(Messages.chat.groupNeedsName, 400);
  const others = [...new Set(input.userIds)].filter((id) => id !== me);
  if (others.length < LIMITS.groupMinMembers) throw new AppError(Messages.chat.groupNeedsMembers, 400);
  if (!others.every(isUuid)) throw new AppError(Messages.chat.userNotFound, 404);
  const found = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, others), isNotNull(users.emailVerifiedAt)));
  if (found.length !== others.length) throw new AppError(Messages.chat.userNotFound, 404);
  const chatId = randomUUID();
  const memberIds = [me, ...others];
  await deps.db.transaction(async (tx) => {
    await tx.insert(chats).values({ id: chatId, kind: 'group', name, createdBy: me });
    await tx.insert(chatMembers).values(memberIds.map((userId) => ({ chatId, userId })));
  });
  const views = new Map(
    await Promise.all(memberIds.map(async (uid) => [uid, await chatFor(deps, uid, chatId)] as const)),
  );
  void deps.bus.publish('chat.added', { memberIds, chats: views });
  return { chatId, memberIds };
}

export interface SendInput {
  id?: string | undefined;
  message: string;
  to_cid?: string | undefined;
  to_uid?: string | undefined;
  attachments?: string[] | undefined;
}

export interface Sent {
  message: MessageDto;
  chatId: string;
  memberIds: string[];
  /** False when the client's id was seen before: the stored copy is returned and nothing is re-sent. */
  created: boolean;
}

/** Stores a message once per (sender, client id), with its attachments, and bumps the chat's activity. */
export async function sendMessage(deps: AppDeps, me: CurrentUser, input: SendInput, origin?: string): Promise<Sent> {
  const { db } = deps;
  // The hot path: membership comes from the member list itself, and a resend is found by the
  // unique (sender, client id) index refusing the insert, not by a query in front of every send.
  let chatId: string;
  let members: Awaited<ReturnType<typeof membersOf>>;
  if (input.to_cid) {
    chatId = input.to_cid;
    members = isUuid(chatId) ? await membersOf(db, chatId) : [];
    if (!members.some((m) => m.userId === me.uid)) throw new AppError(Messages.chat.notMember, 403);
    // A direct chat (two members) stays readable after a block, but takes no new messages.
    const other = members.length === 2 ? members.find((m) => m.userId !== me.uid) : undefined;
    if (other && (await isBlockedEitherWay(db, me.uid, other.userId))) {
      throw new AppError(PeopleMessages.cannotMessage, 403);
    }
  } else {
    chatId = (await directChat(deps, me.uid, input.to_uid ?? '')).id;
    members = await membersOf(db, chatId);
  }
  const memberIds = members.map((m) => m.userId);

  const fileIds = [...new Set(input.attachments ?? [])];
  if (fileIds.length > LIMITS.chatAttachmentsMax) throw new AppError(Messages.chat.tooManyFiles, 400);
  // Only the sender's own uploads that no other message carries (attachments.ts).
  const attached = fileIds.length
    ? fileIds.every(isUuid)
      ? await claimableAttachments(db, me.uid, fileIds, input.id)
      : []
    : [];
  if (attached.length !== fileIds.length) throw new AppError(Messages.chat.attachmentNotFound, 400);

  const values = { id: randomUUID(), chatId, senderId: me.uid, clientId: input.id ?? null, content: input.message };
  const insert = async (tx: typeof db): Promise<MessageRow | undefined> => {
    const [inserted] = await tx
      .insert(messages)
      .values(values)
      .onConflictDoNothing({ target: [messages.senderId, messages.clientId] })
      .returning();
    if (inserted && fileIds.length > 0) {
      await tx
        .insert(messageAttachments)
        .values(fileIds.map((fileId, position) => ({ messageId: inserted.id, fileId, position })));
    }
    return inserted;
  };
  // A message and its attachments are stored together or not at all.
  const row = fileIds.length > 0 ? await db.transaction((tx) => insert(tx as unknown as typeof db)) : await insert(db);
  if (!row) {
    // The same client id was stored before (a resend after a reconnect): answer with that copy.
    const [before] = await db
      .select()
      .from(messages)
      .where(and(eq(messages.senderId, me.uid), eq(messages.clientId, input.id ?? '')));
    if (!before) throw new AppError(Messages.server.internal, 409);
    return { message: await messageDto(deps, before), chatId: before.chatId, memberIds, created: false };
  }
  await db.update(chats).set({ lastMessageAt: row.createdAt }).where(eq(chats.id, chatId));
  const byId = new Map(attached.map((f) => [f.id, f]));
  const message = presentMessage(row, {
    sender: { id: me.uid, name: me.name, username: me.username, avatar: me.avatar },
    online: true,
    attachments: fileIds.map((id) => byId.get(id)!),
    reactions: [],
    status: 'sent',
  });
  void deps.bus.publish('chat.message.sent', { chatId, memberIds, message, sender: me, origin });
  return { message, chatId, memberIds, created: true };
}

/** One reaction per member per message: a new one replaces the old; the same one again takes it back. */
export async function react(deps: AppDeps, me: string, messageId: string, reaction: string) {
  const row = await requireMessageInMyChat(deps.db, messageId, me);
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
  const memberIds = (await membersOf(deps.db, row.chatId)).map((m) => m.userId);
  void deps.bus.publish('chat.message.updated', { chatId: row.chatId, memberIds, messages: [message] });
  return { message, memberIds };
}

/** Any member may pin or unpin. One pin per chat: pinning a message unpins the one before. */
export async function setPinned(deps: AppDeps, me: string, messageId: string, pinned: boolean) {
  const row = await requireMessageInMyChat(deps.db, messageId, me);
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
  const memberIds = (await membersOf(deps.db, row.chatId)).map((m) => m.userId);
  void deps.bus.publish('chat.message.updated', { chatId: row.chatId, memberIds, messages: dtos });
  return { messages: dtos, chatId: row.chatId, memberIds };
}

/** Only the sender deletes; the message goes for everyone, with its attachments' bytes. */
export async function deleteMessage(deps: AppDeps, me: string, messageId: string) {
  const row = await requireMessageInMyChat(deps.db, messageId, me);
  if (row.senderId !== me) throw new AppError(Messages.chat.notSender, 403);
  const attached = await deps.db
    .select({ id: files.id, storageKey: files.storageKey })
    .from(messageAttachments)
    .innerJoin(files, eq(files.id, messageAttachments.fileId))
    .where(eq(messageAttachments.messageId, row.id));
  await deps.db.transaction(async (tx) => {
    await tx.delete(messages).where(eq(messages.id, row.id));
    if (attached.length > 0)
      await tx.delete(files).where(
        inArray(
          files.id,
          attached.map((f) => f.id),
        ),
      );
  });
  for (const f of attached) await deps.storage.delete(f.storageKey).catch(() => undefined);
  const memberIds = (await membersOf(deps.db, row.chatId)).map((m) => m.userId);
  void deps.bus.publish('chat.message.deleted', { chatId: row.chatId, memberIds, mid: row.id, by: me });
  return { mid: row.id, chatId: row.chatId, memberIds };
}

/** Members by username or name; more than 2 characters, or nothing. */
export async function searchUsers(deps: AppDeps, me: string, text: string) {
  const q = text.trim();
  if (q.length < LIMITS.searchMinChars) return [];
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await deps.db
    .select(userColumns)
    .from(users)
    .where(
      and(
        ne(users.id, me),
        isNotNull(users.emailVerifiedAt),
        or(ilike(users.username, pattern), ilike(users.name, pattern)),
        notBlockedWith(me, users.id),
      ),
    )
    .orderBy(asc(users.username))
    .limit(20);
  return rows.map((u) => ({ uid: u.id, fullname: u.name, profile_pic: u.avatar, username: u.username }));
}
