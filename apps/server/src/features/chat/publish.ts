/**
 * Chat facts -> emits (the fan-out). receive_message / message_updated / message_deleted go to every
 * member's `user:{id}` room (lists and badges on every tab stay right); after a new message, members
 * viewing the chat have read it (marks gathered by PendingReads, not written per message), and the
 * others get the badge, a toast and one notification per unread run. Group notices get no toast.
 */
import { Events } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import type { FeatureContext, Listeners } from '../../feature.js';
import { userRoom } from '../../realtime/types.js';
import { chatRoom, viewersAmong } from './presence.js';
import { readMarksFor } from './reads.js';
import { presenceAudienceOf, unreadInChatFor, unreadTotals } from './repo.js';
import { eq } from 'drizzle-orm';
import { chats, messages } from '../../db/schema.js';
import { messageDto } from './messages.js';
import { chatState } from './state.js';

const rooms = (ids: string[]) => ids.map(userRoom);
const unique = <T>(v: T, i: number, all: T[]) => all.indexOf(v) === i;

/**
 * Who of a chat's members still sees it: in a direct chat whose one member blocked the other, the member
 * who was blocked no longer does (they hear nothing more of it: no edits, deletes or read marks).
 */
async function seeing(deps: AppDeps, chatId: string, memberIds: string[]): Promise<string[]> {
  if (memberIds.length !== 2) return memberIds;
  const chat = await chatState(deps).cache.chat(chatId);
  if (chat?.kind !== 'direct') return memberIds;
  const [x, y] = memberIds as [string, string];
  const rel = await deps.policy.relations.between(x, y);
  if (rel.blocking) return [x];
  if (rel.blockedBy) return [y];
  return memberIds;
}

/** Each member's messages badge, as it is now. */
async function sendUnread({ deps, io }: FeatureContext, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await chatState(deps).reads.flush();
  const totals = await unreadTotals(deps.db, userIds);
  for (const uid of userIds) io.main.to(userRoom(uid)).emit(Events.unreadMessageCount, totals.get(uid) ?? 0);
}

export const chatListeners: Listeners = {
  'chat.message.sent': async ({ chatId, memberIds, message, sender, origin, storedAt }, ctx) => {
    const { deps } = ctx;
    const io = ctx.io.main;
    const { reads } = chatState(deps);
    const others = memberIds.filter((uid) => uid !== sender.uid);
    const viewers = await viewersAmong(deps, chatId, others);
    // Members looking at the chat have read it: noted before it reaches them, so a count they ask
    // for next already includes it; stored with everyone else's marks shortly ("Seen" then goes out).
    if (viewers.size > 0) reads.mark(chatId, viewers, storedAt);

    const wire = { ...message, message: message.content, chatId };
    (origin ? io.to(rooms(memberIds)).except(origin) : io.to(rooms(memberIds))).emit(Events.receiveMessage, wire);
    const away = others.filter((uid) => !viewers.has(uid));
    if (away.length === 0) return;
    if (message.notice) {
      await sendUnread(ctx, away);
      return;
    }

    const preview = message.content.trim() || (message.attachments.length > 0 ? '📎 Attachment' : '');
    io.to(rooms(away)).emit(Events.newMessage, { name: sender.name, message: preview, avatar: sender.avatar });
    await sendUnread(ctx, away);
    // One push/mail per unread run: only for members for whom this is the first unread message. The
    // messages badge counts messages; the bell is for the other types, so nothing goes to its list.
    const unreadHere = await unreadInChatFor(deps.db, chatId, away);
    const toIds = away.filter((uid) => (unreadHere.get(uid) ?? 0) <= 1);
    if (toIds.length === 0) return;
    await deps.bus.publish('chat.message.unseen', { chatId, direct: memberIds.length === 2, toIds, sender, preview });
  },

  'chat.message.updated': async ({ chatId, memberIds, messages }, { deps, io }) => {
    const audience = await seeing(deps, chatId, memberIds);
    for (const m of messages) io.main.to(rooms(audience)).emit(Events.messageUpdated, { ...m, chatId });
  },

  // Changed outside the chat (moderators removed or restored it): every member sees it anew.
  'chat.message.refresh': async ({ messageId }, { deps }) => {
    const [row] = await deps.db.select().from(messages).where(eq(messages.id, messageId)).limit(1);
    if (!row) return;
    const chat = await chatState(deps).cache.chat(row.chatId);
    if (!chat) return;
    const message = await messageDto(deps, row);
    await deps.bus.publish('chat.message.updated', {
      chatId: row.chatId,
      memberIds: chat.memberIds,
      messages: [message],
    });
  },

  'chat.message.deleted': async ({ chatId, memberIds, mid, by }, ctx) => {
    const audience = await seeing(ctx.deps, chatId, memberIds);
    ctx.io.main.to(rooms(audience)).emit(Events.messageDeleted, { mid, chatId });
    // An unread message that vanished no longer counts on the others' badges.
    await sendUnread(
      ctx,
      audience.filter((uid) => uid !== by),
    );
  },

  'chat.message.hidden': ({ chatId, userId, mid }, { io }) => {
    io.main.to(userRoom(userId)).emit(Events.messageDeleted, { mid, chatId });
  },

  // Typing reaches the chat's viewers but the typist's own tabs; in a group, not those across a block with
  // the typist (a direct chat's block refused it already).
  'chat.typing': async ({ chatId, userId, name, group, origin }, { deps, io }) => {
    const hidden = group ? await deps.policy.relations.blockedWith(userId) : [];
    io.main
      .to(chatRoom(chatId))
      .except([origin, ...[userId, ...hidden].map(userRoom)])
      .emit(Events.typingName, name);
  },

  'chat.added': ({ memberIds, chats }, { io }) => {
    for (const uid of memberIds) {
      const dto = chats.get(uid);
      if (dto) io.main.to(userRoom(uid)).emit(Events.addChat, [dto]);
    }
  },

  'chat.unread': ({ userIds }, ctx) => sendUnread(ctx, userIds),

  'chat.read': async ({ chatId, readerIds, marks }, { deps, io }) => {
    const found = await readMarksFor(deps, chatId, readerIds, marks);
    const audience = new Set(
      await seeing(
        deps,
        chatId,
        found
          .map((m) => m.userId)
          .concat(readerIds)
          .filter(unique),
      ),
    );
    for (const { userId, upTo } of found) {
      if (audience.has(userId))
        io.main.to(userRoom(userId)).emit(Events.chatRead, { chatId, upTo: upTo.toISOString() });
    }
  },

  'chat.group.changed': ({ info, removedIds }, { io }) => {
    io.main.to(rooms(info.members.map((m) => m.uid))).emit(Events.groupInfo, info);
    if (removedIds.length === 0) return;
    io.main.to(rooms(removedIds)).emit(Events.chatRemoved, { chatId: info.chatId });
    // Out of the group: their tabs stop hearing its typing (the room the viewers of the chat share).
    io.main.in(rooms(removedIds)).socketsLeave(chatRoom(info.chatId));
  },

  // Presence goes to the members one shares a chat with, never across a block (repo.ts).
  'presence.changed': async ({ userId, online }, { deps, io }) => {
    const audience = await presenceAudienceOf(deps.db, userId);
    if (audience.length > 0) io.main.to(rooms(audience)).emit(Events.presence, { uid: userId, online });
  },

  // A block: the blocked member's tabs leave the direct chat's live room (they no longer see it), and
  // each side shows the other offline from now on.
  'member.blocked': async ({ blockerId, blockedId }, { deps, io }) => {
    const directKey = [blockerId, blockedId].sort().join(':');
    const chatId = await directChatId(deps, directKey);
    if (chatId) io.main.in(userRoom(blockedId)).socketsLeave(chatRoom(chatId));
    io.main.to(userRoom(blockerId)).emit(Events.presence, { uid: blockedId, online: false });
    io.main.to(userRoom(blockedId)).emit(Events.presence, { uid: blockerId, online: false });
  },
};

async function directChatId(deps: AppDeps, directKey: string): Promise<string | undefined> {
  const [row] = await deps.db.select({ id: chats.id }).from(chats).where(eq(chats.directKey, directKey)).limit(1);
  return row?.id;
}
