/**
 * Chats: the member's list, direct chats (one per pair) and new groups, and member search. Group
 * changes after creation live in groups.ts; messages in messages.ts.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, ilike, inArray, isNotNull, ne, or } from 'drizzle-orm';
import { isId, LIMITS, Messages, type ChatDto, type MessageDto } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { chatMembers, chats, messages, users } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';
import { notBlockedWith } from '../../policy/relations.js';
import { onlineAmong } from './presence.js';
import { presentChat, type ChatRow } from './presenters.js';
import { hydrateMessages, notHiddenFrom, unreadByChat, userColumns } from './repo.js';
import { chatState } from './state.js';

/** The member's chats, newest activity first, each with its last message, unread count and pin. */
export async function listChats(deps: AppDeps, me: string, only?: string[]): Promise<ChatDto[]> {
  const { db } = deps;
  await chatState(deps).reads.flush();
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
      .where(and(inArray(messages.chatId, ids), notHiddenFrom(me)))
      .orderBy(messages.chatId, desc(messages.createdAt), desc(messages.id)),
    unreadByChat(db, me),
    db
      .selectDistinctOn([messages.chatId])
      .from(messages)
      .where(and(inArray(messages.chatId, ids), isNotNull(messages.pinnedAt), notHiddenFrom(me)))
      .orderBy(messages.chatId, desc(messages.pinnedAt)),
    db
      .select({ chatId: chatMembers.chatId, userId: chatMembers.userId, lastReadAt: chatMembers.lastReadAt })
      .from(chatMembers)
      .where(inArray(chatMembers.chatId, ids)),
  ]);
  const online = await onlineAmong(deps, [...new Set(others.map((o) => o.id))], me);
  // A direct chat whose other member blocked this one is no longer theirs to see (the blocker keeps it).
  const blockedMe = new Set(await deps.policy.relations.blockersOf(me));
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
    if (chat.kind === 'direct' && people[0] && blockedMe.has(people[0].id)) continue;
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

/**
 * The direct chat of two members: reused when it exists (a unique key on the pair), created otherwise.
 * The policy has refused a block either way already ('chat.send', 'chat.start').
 */
export async function directChat(deps: AppDeps, me: string, otherId: string): Promise<ChatRow> {
  if (otherId === me) throw new AppError(Messages.chat.selfChat, 400);
  if (!isId(otherId)) throw new AppError(Messages.chat.userNotFound, 404);
  const [other] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, otherId), isNotNull(users.emailVerifiedAt)));
  if (!other) throw new AppError(Messages.chat.userNotFound, 404);
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

export async function startChat(deps: AppDeps, me: string, other: { id: string }): Promise<ChatDto> {
  const chat = await directChat(deps, me, other.id);
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
  // Only verified members with no block either way with the creator.
  const found = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, others), isNotNull(users.emailVerifiedAt), notBlockedWith(me, users.id)));
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
  void deps.bus.publish('chat.added', { memberIds, chats: views }, { by: me });
  return { chatId, memberIds };
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
