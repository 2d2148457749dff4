/**
 * Chat events on /real (part 2 §7). Each handler parses through `on()`, calls the service, and
 * publishes the outcome: receive_message / message_updated / message_deleted to every member's
 * `user:{id}` room (so lists and badges on every tab stay right), `types` only to the viewers in
 * `chat:{id}`, and new_message + unm (+ push/mail, not the bell) to members who are not looking at the chat.
 */
import { Events, LIMITS, type MessageDto } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { on } from '../../realtime/handler.js';
import type { SocketModule } from '../../realtime/index.js';
import { userRoom, type IoSocket } from '../../realtime/types.js';
import { notifyAway } from '../notifications/away.js';
import { announcePresence, chatRoom, viewersOf } from './presence.js';
import { announceRead } from './reads.js';
import { markRead, requireMember, unreadInChat } from './repo.js';
import * as chat from './service.js';

export function chatSocketModule(deps: AppDeps): SocketModule {
  const io = () => deps.realtime.main;
  const rooms = (ids: string[]) => ids.map(userRoom);

  const sendUnread = async (userId: string): Promise<void> => {
    io()
      .to(userRoom(userId))
      .emit(Events.unreadMessageCount, await chat.unreadTotal(deps.db, userId));
  };

  /** After a new message: viewers have read it; everyone else gets the badge, a toast, and push/mail per preferences. */
  const fanOut = async (socket: IoSocket, sent: chat.Sent): Promise<void> => {
    const me = socket.data.user;
    const { message, chatId } = sent;
    io()
      .to(rooms(sent.memberIds))
      .except(socket.id)
      .emit(Events.receiveMessage, { ...message, message: message.content, chatId });
    const viewers = await viewersOf(deps, chatId);
    const preview = message.content.trim() || (message.attachments.length > 0 ? '📎 Attachment' : '');
    for (const uid of sent.memberIds) {
      if (uid === me.uid) continue;
      if (viewers.has(uid)) {
        await markRead(deps.db, chatId, uid, message.id);
        await announceRead(deps, chatId, uid);
        continue;
      }
      io().to(userRoom(uid)).emit(Events.newMessage, { name: me.name, message: preview, avatar: me.avatar });
      await sendUnread(uid);
      // One notification per unread run: the first message since the member last read this chat.
      if ((await unreadInChat(deps.db, chatId, uid)) > 1) continue;
      const direct = message.sender.username && sent.memberIds.length === 2;
      // The messages badge counts it; the bell stays for the other types (push and mail still go out).
      await notifyAway(deps, uid, {
        type: 'message',
        message: `${me.name}: ${preview.slice(0, LIMITS.lastMessagePreview)}`,
        actorId: me.uid,
        profileImage: me.avatar,
        actions: [
          { label: 'Open chat', type: 'link', url: direct ? `/message/@${me.username}` : `/message/${chatId}` },
        ],
        tag: `chat:${chatId}`,
      });
    }
  };

  const publishUpdate = (memberIds: string[], messages: MessageDto[], chatId: string) => {
    for (const m of messages)
      io()
        .to(rooms(memberIds))
        .emit(Events.messageUpdated, { ...m, chatId });
  };

  return {
    register(socket) {
      const me = socket.data.user;
      void announcePresence(deps, me.uid, true).catch((err: unknown) => deps.log.error({ err }, 'presence failed'));
      socket.on('disconnect', () => {
        void announcePresence(deps, me.uid, false).catch((err: unknown) => deps.log.error({ err }, 'presence failed'));
      });

      const giveUnread = async () => {
        const n = await chat.unreadTotal(deps.db, me.uid);
        socket.emit(Events.unreadMessageCount, n);
        return n;
      };
      on(socket, Events.getUnread, giveUnread, deps.log);
      on(socket, Events.unreadMessages, giveUnread, deps.log);

      on(
        socket,
        Events.getChats,
        async () => {
          const list = await chat.listChats(deps, me.uid);
          socket.emit(Events.chats, list);
          return list;
        },
        deps.log,
      );

      on(
        socket,
        Events.getMessages,
        async ([chatId, opts]) => {
          const page = await chat.getMessages(deps, me.uid, chatId, opts ?? {});
          socket.emit(Events.chatMessages, page.messages);
          if (page.read) await sendUnread(me.uid);
          if (page.read) await announceRead(deps, chatId, me.uid);
          return page.messages;
        },
        deps.log,
      );

      on(
        socket,
        Events.joinChat,
        async ([chatId]) => {
          await chat.readChat(deps, me.uid, chatId);
          await socket.join(chatRoom(chatId));
          await sendUnread(me.uid);
          await announceRead(deps, chatId, me.uid);
        },
        deps.log,
      );

      on(
        socket,
        Events.leaveChat,
        async ([chatId]) => {
          await requireMember(deps.db, chatId, me.uid);
          await socket.leave(chatRoom(chatId));
        },
        deps.log,
      );

      on(
        socket,
        Events.typing,
        async ([chatId]) => {
          // join-chat already checked membership for this socket; anyone else is checked now.
          if (!socket.rooms.has(chatRoom(chatId))) await requireMember(deps.db, chatId, me.uid);
          socket.to(chatRoom(chatId)).except(userRoom(me.uid)).emit(Events.typingName, me.name);
        },
        deps.log,
      );

      on(
        socket,
        Events.sendMessage,
        async ([payload]) => {
          const sent = await chat.sendMessage(deps, me, payload);
          // The ack goes out at once; badges, read marks and notifications follow on their own.
          if (sent.created) {
            void fanOut(socket, sent).catch((err: unknown) => deps.log.error({ err }, 'chat fan-out failed'));
          }
          return sent.message;
        },
        deps.log,
      );

      on(
        socket,
        Events.reactMessage,
        async ([{ id, reaction }]) => {
          const { message, memberIds } = await chat.react(deps, me.uid, id, reaction);
          publishUpdate(memberIds, [message], message.chatId ?? '');
          return message;
        },
        deps.log,
      );

      for (const [event, pinned] of [
        [Events.pinMessage, true],
        [Events.unpinMessage, false],
      ] as const) {
        on(
          socket,
          event,
          async ([{ mid }]) => {
            const out = await chat.setPinned(deps, me.uid, mid, pinned);
            publishUpdate(out.memberIds, out.messages, out.chatId);
            return out.messages;
          },
          deps.log,
        );
      }

      on(
        socket,
        Events.deleteMessage,
        async ([{ mid }]) => {
          const { chatId, memberIds } = await chat.deleteMessage(deps, me.uid, mid);
          io().to(rooms(memberIds)).emit(Events.messageDeleted, { mid, chatId });
          // An unread message that vanished no longer counts on the others' badges.
          for (const uid of memberIds) if (uid !== me.uid) await sendUnread(uid);
          return { mid, chatId };
        },
        deps.log,
      );

      on(
        socket,
        Events.startChat,
        async ([target]) => {
          const started = await chat.startChat(deps, me.uid, target);
          socket.emit(Events.chatStarted, [started]);
          return started;
        },
        deps.log,
      );

      on(
        socket,
        Events.startGroupChat,
        async ([input]) => {
          const { chatId, memberIds } = await chat.startGroupChat(deps, me.uid, input);
          for (const uid of memberIds) {
            io()
              .to(userRoom(uid))
              .emit(Events.addChat, [await chat.chatFor(deps, uid, chatId)]);
          }
          return { chatId };
        },
        deps.log,
      );

      on(
        socket,
        Events.searchUser,
        async ([text]) => {
          const results = await chat.searchUsers(deps, me.uid, text);
          socket.emit(Events.searchResults, results);
          return results;
        },
        deps.log,
      );
    },
  };
}
