/**
 * Chat facts -> emits (the fan-out). receive_message / message_updated / message_deleted go to every
 * member's `user:{id}` room (lists and badges on every tab stay right); after a new message, members
 * viewing the chat have read it (marks gathered by PendingReads, not written per message), and the
 * others get the badge, a toast and one notification per unread run. Group notices get no toast.
 */
import { Events, LIMITS, type ChatDto, type MessageDto } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import type { EventBus } from '../../events/bus.js';
import { userRoom, type IoServer } from '../../realtime/types.js';
import { notifyAway } from '../notifications/index.js';
import { chatRoom, viewersAmong } from './presence.js';
import { readMarksFor } from './reads.js';
import { presenceAudienceOf, unreadInChatFor, unreadTotals } from './repo.js';
import { chatState } from './state.js';

export interface ChatSender {
  uid: string;
  name: string;
  username: string;
  avatar: string | null;
}

declare module '../../events/bus.js' {
  interface DomainEvents {
    /** `origin` is the connection that sent it: it already has the message in its ack. */
    'chat.message.sent': {
      chatId: string;
      memberIds: string[];
      message: MessageDto;
      sender: ChatSender;
      origin?: string | undefined;
      /** The stored time at full precision (read marks compare with it); the DTO has milliseconds. */
      storedAt: string;
    };
    'chat.message.updated': { chatId: string; memberIds: string[]; messages: MessageDto[] };
    'chat.message.deleted': { chatId: string; memberIds: string[]; mid: string; by: string };
    /** A chat appeared in these members' lists (a new group); each gets its own view of it. */
    'chat.added': { memberIds: string[]; chats: Map<string, ChatDto> };
    /** The member's unread total may have changed (read, or a message vanished). */
    'chat.unread': { userIds: string[] };
  }
}

const rooms = (ids: string[]) => ids.map(userRoom);

export function publishChat(deps: AppDeps, bus: EventBus, io: IoServer): void {
  const { reads } = chatState(deps);
  const sendUnread = async (userIds: string[]): Promise<void> => {
    if (userIds.length === 0) return;
    await reads.flush();
    const totals = await unreadTotals(deps.db, userIds);
    for (const uid of userIds) io.to(userRoom(uid)).emit(Events.unreadMessageCount, totals.get(uid) ?? 0);
  };

  bus.subscribe('chat.message.sent', async ({ chatId, memberIds, message, sender, origin, storedAt }) => {
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
      await sendUnread(away);
      return;
    }

    const preview = message.content.trim() || (message.attachments.length > 0 ? '📎 Attachment' : '');
    io.to(rooms(away)).emit(Events.newMessage, { name: sender.name, message: preview, avatar: sender.avatar });
    await sendUnread(away);
    // One push/mail per unread run: only for members for whom this is the first unread message. The
    // messages badge counts messages; the bell is for the other types, so nothing goes to its list.
    const unreadHere = await unreadInChatFor(deps.db, chatId, away);
    const direct = memberIds.length === 2;
    for (const uid of away) {
      if ((unreadHere.get(uid) ?? 0) > 1) continue;
      await notifyAway(deps, uid, {
        type: 'message',
        message: `${sender.name}: ${preview.slice(0, LIMITS.lastMessagePreview)}`,
        actorId: sender.uid,
        profileImage: sender.avatar,
        actions: [
          { label: 'Open chat', type: 'link', url: direct ? `/message/@${sender.username}` : `/message/${chatId}` },
        ],
        tag: `chat:${chatId}`,
      });
    }
  });

  bus.subscribe('chat.message.updated', ({ chatId, memberIds, messages }) => {
    for (const m of messages) io.to(rooms(memberIds)).emit(Events.messageUpdated, { ...m, chatId });
  });

  bus.subscribe('chat.message.deleted', async ({ chatId, memberIds, mid, by }) => {
    io.to(rooms(memberIds)).emit(Events.messageDeleted, { mid, chatId });
    // An unread message that vanished no longer counts on the others' badges.
    await sendUnread(memberIds.filter((uid) => uid !== by));
  });

  bus.subscribe('chat.added', ({ memberIds, chats }) => {
    for (const uid of memberIds) {
      const dto = chats.get(uid);
      if (dto) io.to(userRoom(uid)).emit(Events.addChat, [dto]);
    }
  });

  bus.subscribe('chat.unread', ({ userIds }) => sendUnread(userIds));

  bus.subscribe('chat.read', async ({ chatId, readerIds, marks }) => {
    for (const { userId, upTo } of await readMarksFor(deps, chatId, readerIds, marks)) {
      io.to(userRoom(userId)).emit(Events.chatRead, { chatId, upTo: upTo.toISOString() });
    }
  });

  bus.subscribe('chat.group.changed', ({ info, removedIds }) => {
    io.to(rooms(info.members.map((m) => m.uid))).emit(Events.groupInfo, info);
    if (removedIds.length === 0) return;
    io.to(rooms(removedIds)).emit(Events.chatRemoved, { chatId: info.chatId });
    // Out of the group: their tabs stop hearing its typing (the room the viewers of the chat share).
    io.in(rooms(removedIds)).socketsLeave(chatRoom(info.chatId));
  });

  bus.subscribe('presence.changed', async ({ userId, online }) => {
    const audience = await presenceAudienceOf(deps.db, userId);
    if (audience.length > 0) io.to(rooms(audience)).emit(Events.presence, { uid: userId, online });
  });
}
