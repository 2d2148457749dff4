/**
 * Chat events on /real (part 2 §7) as one table: event -> handler. Each handler is registered through
 * `on()` (parse with the contract schema, flood budget, error answers), calls the service (which
 * authorizes first, policy.ts) and answers the asking socket. Everything others must see is published
 * by the service as a fact and sent by publish.ts. Viewing a chat (join-chat) is counted in
 * deps.presence so the fan-out knows who reads it.
 */
import { Events, type ClientEventName } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { on, type Handler } from '../../realtime/handler.js';
import type { SocketModule } from '../../realtime/index.js';
import { userRoom, type IoSocket } from '../../realtime/types.js';
import * as chats from './chats.js';
import * as groups from './groups.js';
import * as messages from './messages.js';
import { authorize } from './policy.js';
import { chatRoom } from './presence.js';
import { announceRead } from './reads.js';
import { unreadTotal } from './repo.js';
import { chatState } from './state.js';

type HandlerTable = { [K in ClientEventName]?: Handler<K> };

function chatHandlers(deps: AppDeps, socket: IoSocket): HandlerTable {
  const me = socket.data.user.uid;
  const unread = () => deps.bus.publish('chat.unread', { userIds: [me] }, { by: me });
  // The chats this socket is showing, so a closed tab stops counting as a reader.
  const viewing = new Set<string>();
  const stopViewing = async (chatId: string) => {
    if (viewing.delete(chatId)) await deps.presence.remove(chatRoom(chatId), me);
  };
  socket.on('disconnect', () => {
    for (const chatId of [...viewing]) {
      void stopViewing(chatId).catch((err: unknown) => deps.log.error({ err }, 'presence bookkeeping failed'));
    }
  });
  const giveUnread = async () => {
    await chatState(deps).reads.flush();
    const n = await unreadTotal(deps.db, me);
    socket.emit(Events.unreadMessageCount, n);
    return n;
  };

  return {
    [Events.getUnread]: giveUnread,
    [Events.unreadMessages]: giveUnread,

    [Events.getChats]: async () => {
      const list = await chats.listChats(deps, me);
      socket.emit(Events.chats, list);
      return list;
    },

    [Events.getMessages]: async ([chatId, opts]) => {
      const page = await messages.getMessages(deps, me, chatId, opts ?? {});
      socket.emit(Events.chatMessages, page.messages);
      if (page.read) {
        await unread();
        await announceRead(deps, chatId, me);
      }
      return page.messages;
    },

    [Events.joinChat]: async ([chatId]) => {
      await messages.readChat(deps, me, chatId);
      await socket.join(chatRoom(chatId));
      if (!viewing.has(chatId)) {
        viewing.add(chatId);
        await deps.presence.add(chatRoom(chatId), me);
      }
      await unread();
      await announceRead(deps, chatId, me);
    },

    [Events.leaveChat]: async ([chatId]) => {
      await authorize(deps, me, 'view', { chatId });
      await socket.leave(chatRoom(chatId));
      await stopViewing(chatId);
    },

    [Events.typing]: async ([chatId]) => {
      await authorize(deps, me, 'view', { chatId });
      // The member's name as it is now (a profile edit since the handshake shows at once).
      const name = (await chatState(deps).cache.profile(me))?.name ?? socket.data.user.name;
      socket.to(chatRoom(chatId)).except(userRoom(me)).emit(Events.typingName, name);
    },

    // The ack carries the stored message; receivers, badges and notifications follow from the fact.
    [Events.sendMessage]: async ([payload]) =>
      (await messages.sendMessage(deps, socket.data.user, payload, socket.id)).message,

    [Events.reactMessage]: async ([{ id, reaction }]) => (await messages.react(deps, me, id, reaction)).message,
    [Events.pinMessage]: async ([{ mid }]) => (await messages.setPinned(deps, me, mid, true)).messages,
    [Events.unpinMessage]: async ([{ mid }]) => (await messages.setPinned(deps, me, mid, false)).messages,
    [Events.deleteMessage]: async ([{ mid }]) => {
      const { chatId } = await messages.deleteMessage(deps, me, mid);
      return { mid, chatId };
    },

    [Events.startChat]: async ([target]) => {
      const started = await chats.startChat(deps, me, target);
      socket.emit(Events.chatStarted, [started]);
      return started;
    },
    [Events.startGroupChat]: async ([input]) => ({ chatId: (await chats.startGroupChat(deps, me, input)).chatId }),

    [Events.getGroup]: async ([chatId]) => groups.groupInfo(deps, me, chatId),
    [Events.leaveGroup]: async ([chatId]) => {
      await groups.leaveGroup(deps, me, chatId);
      await stopViewing(chatId);
    },
    [Events.addGroupMembers]: async ([{ chatId, userIds }]) => groups.addMembers(deps, me, chatId, userIds),
    [Events.removeGroupMember]: async ([{ chatId, uid }]) => groups.removeMember(deps, me, chatId, uid),
    [Events.renameGroup]: async ([{ chatId, name }]) => groups.renameGroup(deps, me, chatId, name),

    [Events.searchUser]: async ([text]) => {
      const results = await chats.searchUsers(deps, me, text);
      socket.emit(Events.searchResults, results);
      return results;
    },
  };
}

export function chatSocketModule(deps: AppDeps): SocketModule {
  return {
    register(socket) {
      const table = chatHandlers(deps, socket);
      for (const event of Object.keys(table) as ClientEventName[]) {
        on(socket, event, table[event] as Handler<typeof event>, deps.log);
      }
    },
  };
}
