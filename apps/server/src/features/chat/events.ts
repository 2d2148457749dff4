/**
 * Chat events on /real (part 2 §7) as one table: event -> handler. Each handler runs through the
 * dispatcher (parse with the contract schema, flood budget, error answers), calls the service (which
 * authorizes first, policy.ts) and answers the asking socket. Everything others must see is published
 * by the service as a fact and sent by publish.ts. Viewing a chat (join-chat) is counted in
 * deps.presence so the fan-out knows who reads it.
 */
import { Events } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import type { SocketModule } from '../../realtime/index.js';
import { answer, uidOf, userRoom, type IoSocket } from '../../realtime/types.js';
import * as chats from './chats.js';
import * as groups from './groups.js';
import * as messages from './messages.js';
import { authorize } from './policy.js';
import { chatRoom } from './presence.js';
import { presentSent } from './presenters.js';
import { announceRead } from './reads.js';
import { unreadTotal } from './repo.js';
import { chatState } from './state.js';

export function chatSocketModule(deps: AppDeps): SocketModule {
  const unread = (me: string) => deps.bus.publish('chat.unread', { userIds: [me] }, { by: me });
  // The chats each socket is showing, so a closed tab stops counting as a reader (made at its first join).
  const viewing = new WeakMap<IoSocket, Set<string>>();
  const stopViewing = async (socket: IoSocket, chatId: string) => {
    if (viewing.get(socket)?.delete(chatId)) await deps.presence.remove(chatRoom(chatId), uidOf(socket));
  };
  const giveUnread = async (_args: unknown, socket: IoSocket) => {
    await chatState(deps).reads.flush();
    return answer(socket, Events.unreadMessageCount, await unreadTotal(deps.db, uidOf(socket)));
  };

  return {
    disconnected(socket) {
      for (const chatId of viewing.get(socket) ?? []) {
        void stopViewing(socket, chatId).catch((err: unknown) =>
          deps.log.error({ err }, 'presence bookkeeping failed'),
        );
      }
    },
    handlers: {
      [Events.getUnread]: giveUnread,
      [Events.unreadMessages]: giveUnread,

      [Events.getChats]: async (_args, socket) =>
        answer(socket, Events.chats, await chats.listChats(deps, uidOf(socket))),

      [Events.getMessages]: async ([chatId, opts], socket) => {
        const me = uidOf(socket);
        const page = await messages.getMessages(deps, me, chatId, opts ?? {});
        socket.emit(Events.chatMessages, page.messages);
        if (page.read) {
          await unread(me);
          await announceRead(deps, chatId, me);
        }
        return page.messages;
      },

      [Events.joinChat]: async ([chatId], socket) => {
        const me = uidOf(socket);
        await messages.readChat(deps, me, chatId);
        await socket.join(chatRoom(chatId));
        // Closed while this was answered: its disconnect has let go already, so it must not count as a viewer.
        if (!socket.connected) return;
        let shown = viewing.get(socket);
        if (!shown) viewing.set(socket, (shown = new Set()));
        if (!shown.has(chatId)) {
          shown.add(chatId);
          await deps.presence.add(chatRoom(chatId), me);
        }
        await unread(me);
        await announceRead(deps, chatId, me);
      },

      [Events.leaveChat]: async ([chatId], socket) => {
        await authorize(deps, uidOf(socket), 'view', { chatId });
        await socket.leave(chatRoom(chatId));
        await stopViewing(socket, chatId);
      },

      [Events.typing]: async ([chatId], socket) => {
        const me = uidOf(socket);
        await authorize(deps, me, 'view', { chatId });
        // The member's name as it is now (a profile edit since the handshake shows at once).
        const name = (await chatState(deps).cache.profile(me))?.name ?? socket.data.user.name;
        socket.to(chatRoom(chatId)).except(userRoom(me)).emit(Events.typingName, name);
      },

      // The ack carries what the sender did not know of the stored message (the whole copy on a resend);
      // receivers, badges and notifications follow from the fact.
      [Events.sendMessage]: async ([payload], socket) => {
        const sent = await messages.sendMessage(deps, socket.data.user, payload, socket.id);
        return sent.created ? presentSent(sent.message) : sent.message;
      },

      [Events.reactMessage]: async ([{ id, reaction }], socket) =>
        (await messages.react(deps, uidOf(socket), id, reaction)).message,
      [Events.pinMessage]: async ([{ mid }], socket) =>
        (await messages.setPinned(deps, uidOf(socket), mid, true)).messages,
      [Events.unpinMessage]: async ([{ mid }], socket) =>
        (await messages.setPinned(deps, uidOf(socket), mid, false)).messages,
      [Events.deleteMessage]: async ([{ mid }], socket) => {
        const { chatId } = await messages.deleteMessage(deps, uidOf(socket), mid);
        return { mid, chatId };
      },

      [Events.startChat]: async ([target], socket) => {
        const started = await chats.startChat(deps, uidOf(socket), target);
        socket.emit(Events.chatStarted, [started]);
        return started;
      },
      [Events.startGroupChat]: async ([input], socket) => ({
        chatId: (await chats.startGroupChat(deps, uidOf(socket), input)).chatId,
      }),

      [Events.getGroup]: async ([chatId], socket) => groups.groupInfo(deps, uidOf(socket), chatId),
      [Events.leaveGroup]: async ([chatId], socket) => {
        await groups.leaveGroup(deps, uidOf(socket), chatId);
        await stopViewing(socket, chatId);
      },
      [Events.addGroupMembers]: async ([{ chatId, userIds }], socket) =>
        groups.addMembers(deps, uidOf(socket), chatId, userIds),
      [Events.removeGroupMember]: async ([{ chatId, uid }], socket) =>
        groups.removeMember(deps, uidOf(socket), chatId, uid),
      [Events.renameGroup]: async ([{ chatId, name }], socket) => groups.renameGroup(deps, uidOf(socket), chatId, name),

      [Events.searchUser]: async ([text], socket) =>
        answer(socket, Events.searchResults, await chats.searchUsers(deps, uidOf(socket), text)),
    },
  };
}
