/**
 * Chat events on /real (part 2 §7): each handler parses through `on()`, calls the service and answers
 * the asking socket. Everything others must see is published by the service as a fact and sent by
 * publish.ts. Viewing a chat (join-chat) is counted in deps.presence so the fan-out knows who reads it.
 */
import { Events } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { on } from '../../realtime/handler.js';
import type { SocketModule } from '../../realtime/index.js';
import { userRoom } from '../../realtime/types.js';
import { chatRoom } from './presence.js';
import { announceRead } from './reads.js';
import { requireMember } from './repo.js';
import * as chat from './service.js';

export function chatSocketModule(deps: AppDeps): SocketModule {
  const { log } = deps;
  return {
    register(socket) {
      const me = socket.data.user;
      const unread = () => deps.bus.publish('chat.unread', { userIds: [me.uid] });
      // The chats this socket is showing, so a closed tab stops counting as a reader.
      const viewing = new Set<string>();
      const stopViewing = async (chatId: string) => {
        if (viewing.delete(chatId)) await deps.presence.remove(chatRoom(chatId), me.uid);
      };
      socket.on('disconnect', () => {
        for (const chatId of [...viewing]) {
          void stopViewing(chatId).catch((err: unknown) => log.error({ err }, 'presence bookkeeping failed'));
        }
      });

      const giveUnread = async () => {
        const n = await chat.unreadTotal(deps.db, me.uid);
        socket.emit(Events.unreadMessageCount, n);
        return n;
      };
      on(socket, Events.getUnread, giveUnread, log);
      on(socket, Events.unreadMessages, giveUnread, log);

      on(
        socket,
        Events.getChats,
        async () => {
          const list = await chat.listChats(deps, me.uid);
          socket.emit(Events.chats, list);
          return list;
        },
        log,
      );

      on(
        socket,
        Events.getMessages,
        async ([chatId, opts]) => {
          const page = await chat.getMessages(deps, me.uid, chatId, opts ?? {});
          socket.emit(Events.chatMessages, page.messages);
          if (page.read) {
            await unread();
            await announceRead(deps, chatId, me.uid);
          }
          return page.messages;
        },
        log,
      );

      on(
        socket,
        Events.joinChat,
        async ([chatId]) => {
          await chat.readChat(deps, me.uid, chatId);
          await socket.join(chatRoom(chatId));
          if (!viewing.has(chatId)) {
            viewing.add(chatId);
            await deps.presence.add(chatRoom(chatId), me.uid);
          }
          await unread();
          await announceRead(deps, chatId, me.uid);
        },
        log,
      );

      on(
        socket,
        Events.leaveChat,
        async ([chatId]) => {
          await requireMember(deps.db, chatId, me.uid);
          await socket.leave(chatRoom(chatId));
          await stopViewing(chatId);
        },
        log,
      );

      on(
        socket,
        Events.typing,
        async ([chatId]) => {
          // join-chat already checked membership for this socket; anyone else is checked now.
          if (!socket.rooms.has(chatRoom(chatId))) await requireMember(deps.db, chatId, me.uid);
          socket.to(chatRoom(chatId)).except(userRoom(me.uid)).emit(Events.typingName, socket.data.user.name);
        },
        log,
      );

      // The ack carries the stored message; receivers, badges and notifications follow from the fact.
      on(
        socket,
        Events.sendMessage,
        async ([payload]) => (await chat.sendMessage(deps, socket.data.user, payload, socket.id)).message,
        log,
      );

      on(
        socket,
        Events.reactMessage,
        async ([{ id, reaction }]) => (await chat.react(deps, me.uid, id, reaction)).message,
        log,
      );

      on(socket, Events.pinMessage, async ([{ mid }]) => (await chat.setPinned(deps, me.uid, mid, true)).messages, log);
      on(
        socket,
        Events.unpinMessage,
        async ([{ mid }]) => (await chat.setPinned(deps, me.uid, mid, false)).messages,
        log,
      );

      on(
        socket,
        Events.deleteMessage,
        async ([{ mid }]) => {
          const { chatId } = await chat.deleteMessage(deps, me.uid, mid);
          return { mid, chatId };
        },
        log,
      );

      on(
        socket,
        Events.startChat,
        async ([target]) => {
          const started = await chat.startChat(deps, me.uid, target);
          socket.emit(Events.chatStarted, [started]);
          return started;
        },
        log,
      );

      on(
        socket,
        Events.startGroupChat,
        async ([input]) => ({ chatId: (await chat.startGroupChat(deps, me.uid, input)).chatId }),
        log,
      );

      on(
        socket,
        Events.searchUser,
        async ([text]) => {
          const results = await chat.searchUsers(deps, me.uid, text);
          socket.emit(Events.searchResults, results);
          return results;
        },
        log,
      );
    },
  };
}
