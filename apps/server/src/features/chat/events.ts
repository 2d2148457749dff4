/**
 * Chat events on /real (part 2 §7). Each handler names its policy action and what it acts on (access.ts
 * loads it); the dispatcher authorizes before it runs. Everything others must see is published by the
 * services as a fact and sent by publish.ts. Viewing a chat (join-chat) is counted in deps.presence so the
 * fan-out knows who reads it.
 */
import { Events } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { on, type SocketContext } from '../../realtime/handler.js';
import { answer, type IoSocket } from '../../realtime/types.js';
import { loadChat, loadMemberTarget, loadMessage, loadSendTarget } from './access.js';
import type { ChatMeta } from './cache.js';
import * as chats from './chats.js';
import { forwardMessage } from './forward.js';
import * as groups from './groups.js';
import * as messages from './messages.js';
import { chatRoom } from './presence.js';
import { presentSent } from './presenters.js';
import { announceRead } from './reads.js';
import { unreadTotal } from './repo.js';
import { chatState } from './state.js';

// The chats each socket is showing, so a closed tab stops counting as a reader (made at its first join).
const viewing = new WeakMap<IoSocket, Set<string>>();

async function stopViewing(deps: AppDeps, socket: IoSocket, chatId: string): Promise<void> {
  if (viewing.get(socket)?.delete(chatId)) await deps.presence.remove(chatRoom(chatId), socket.data.user.uid);
}

/** Every tab a chat is closed on (disconnect): it no longer counts as a reader there. */
export function chatSocketClosed(socket: IoSocket, deps: AppDeps): void {
  for (const chatId of viewing.get(socket) ?? []) {
    void stopViewing(deps, socket, chatId).catch((err: unknown) =>
      deps.log.error({ err }, 'presence bookkeeping failed'),
    );
  }
}

const unread = (deps: AppDeps, me: string) => deps.bus.publish('chat.unread', { userIds: [me] }, { by: me });

async function giveUnread(_args: unknown, { deps, socket, actor }: SocketContext) {
  await chatState(deps).reads.flush();
  return answer(socket, Events.unreadMessageCount, await unreadTotal(deps.db, actor.id));
}

/** Events that name their chat by id first. */
const chat = ([chatId]: [string, ...unknown[]], ctx: SocketContext) => loadChat(ctx.deps, chatId);
const group = ([{ chatId }]: [{ chatId: string }], ctx: SocketContext) => loadChat(ctx.deps, chatId);
const message = (id: string, ctx: SocketContext) => loadMessage(ctx.deps, ctx.actor.id, id);

export const chatSocket = [
  on(Events.getUnread, { action: 'chats.read' }, giveUnread),
  on(Events.unreadMessages, { action: 'chats.read' }, giveUnread),

  on(Events.getChats, { action: 'chats.read' }, async (_a, { deps, socket, actor }) =>
    answer(socket, Events.chats, await chats.listChats(deps, actor.id)),
  ),

  on(Events.getMessages, { action: 'chat.view', load: chat }, async ([, opts], ctx) => {
    const { deps, socket, actor } = ctx;
    const page = await messages.getMessages(deps, actor.id, ctx.resource, opts ?? {});
    socket.emit(Events.chatMessages, page.messages);
    if (page.read) {
      await unread(deps, actor.id);
      await announceRead(deps, ctx.resource.id, actor.id);
    }
    return page.messages;
  }),

  on(Events.joinChat, { action: 'chat.view', load: chat }, async (_a, ctx) => {
    const { deps, socket, actor } = ctx;
    const chatId = ctx.resource.id;
    await messages.readChat(deps, actor.id, ctx.resource);
    await socket.join(chatRoom(chatId));
    // Closed while this was answered: its disconnect has let go already, so it must not count as a viewer.
    if (!socket.connected) return;
    let shown = viewing.get(socket);
    if (!shown) viewing.set(socket, (shown = new Set()));
    if (!shown.has(chatId)) {
      shown.add(chatId);
      await deps.presence.add(chatRoom(chatId), actor.id);
    }
    await unread(deps, actor.id);
    await announceRead(deps, chatId, actor.id);
  }),

  // Leaving the view of a chat one is no longer allowed to see is always fine.
  on(Events.leaveChat, { action: 'public' }, async ([chatId], { deps, socket }) => {
    await socket.leave(chatRoom(chatId));
    await stopViewing(deps, socket, chatId);
  }),

  on(Events.typing, { action: 'chat.type', load: chat }, async (_a, ctx) => {
    const { deps, socket, actor } = ctx;
    // The member's name as it is now (a profile edit since the handshake shows at once).
    const name = (await chatState(deps).cache.profile(actor.id))?.name ?? socket.data.user.name;
    const group = ctx.resource.kind === 'group';
    await deps.bus.publish('chat.typing', {
      chatId: ctx.resource.id,
      userId: actor.id,
      name,
      group,
      origin: socket.id,
    });
  }),

  // The ack carries what the sender did not know of the stored message (the whole copy on a resend);
  // receivers, badges and notifications follow from the fact.
  on(
    Events.sendMessage,
    { action: 'chat.send', load: ([p], ctx) => loadSendTarget(ctx.deps, ctx.actor.id, p) },
    async ([p], ctx) => {
      const sent = await messages.sendMessage(ctx.deps, ctx.socket.data.user, ctx.resource, p, ctx.socket.id);
      return sent.created ? presentSent(sent.message) : sent.message;
    },
  ),

  on(
    Events.reactMessage,
    { action: 'message.react', load: ([{ id }], ctx) => message(id, ctx) },
    async ([a], ctx) => (await messages.react(ctx.deps, ctx.actor.id, ctx.resource, a.reaction)).message,
  ),
  on(
    Events.pinMessage,
    { action: 'message.react', load: ([{ mid }], ctx) => message(mid, ctx) },
    async (_a, ctx) => (await messages.setPinned(ctx.deps, ctx.actor.id, ctx.resource, true)).messages,
  ),
  on(
    Events.unpinMessage,
    { action: 'message.react', load: ([{ mid }], ctx) => message(mid, ctx) },
    async (_a, ctx) => (await messages.setPinned(ctx.deps, ctx.actor.id, ctx.resource, false)).messages,
  ),
  on(
    Events.deleteMessage,
    {
      action: 'message.delete',
      load: async ([{ mid, scope }], ctx) => {
        const found = await message(mid, ctx);
        return found && { ...found, scope };
      },
    },
    async (_a, ctx) => {
      const { scope } = ctx.resource;
      const { chatId } = await (scope === 'me' ? messages.hideMessage : messages.deleteMessage)(
        ctx.deps,
        ctx.actor.id,
        ctx.resource,
      );
      return { mid: ctx.resource.message.id, chatId, scope };
    },
  ),

  on(
    Events.editMessage,
    { action: 'message.edit', load: ([{ mid }], ctx) => message(mid, ctx) },
    ([{ message: text }], ctx) => messages.editMessage(ctx.deps, ctx.actor.id, ctx.resource, text),
  ),
  on(Events.messageHistory, { action: 'message.history', load: ([{ mid }], ctx) => message(mid, ctx) }, (_a, ctx) =>
    messages.messageHistory(ctx.deps, ctx.resource),
  ),

  on(
    Events.forwardMessage,
    { action: 'message.forward', load: ([{ mid }], ctx) => message(mid, ctx) },
    ([{ chatIds, id }], ctx) =>
      forwardMessage(ctx.deps, ctx.actor, ctx.socket.data.user, ctx.socket.data.locale ?? 'en', ctx.resource, {
        chatIds,
        id,
      }),
  ),

  on(
    Events.startChat,
    { action: 'chat.start', load: ([t], ctx) => loadMemberTarget(ctx.deps, t, ctx.actor.id) },
    async (_a, ctx) => {
      const started = await chats.startChat(ctx.deps, ctx.actor.id, ctx.resource);
      ctx.socket.emit(Events.chatStarted, [started]);
      return started;
    },
  ),
  on(Events.startGroupChat, { action: 'group.create' }, async ([input], { deps, actor }) => ({
    chatId: (await chats.startGroupChat(deps, actor.id, input)).chatId,
  })),

  on(Events.getGroup, { action: 'chat.view', load: chat }, (_a, ctx) => groups.groupInfo(ctx.deps, ctx.resource)),
  on(Events.leaveGroup, { action: 'chat.leave', load: chat }, async (_a, ctx) => {
    await groups.leaveGroup(ctx.deps, ctx.actor.id, ctx.resource);
    await stopViewing(ctx.deps, ctx.socket, ctx.resource.id);
  }),
  on(Events.addGroupMembers, { action: 'chat.manage', load: group }, ([{ userIds }], ctx) =>
    groups.addMembers(ctx.deps, ctx.actor.id, ctx.resource, userIds),
  ),
  on(Events.removeGroupMember, { action: 'chat.manage', load: group }, ([{ uid }], ctx) =>
    groups.removeMember(ctx.deps, ctx.actor.id, ctx.resource, uid),
  ),
  on(Events.renameGroup, { action: 'chat.manage', load: group }, ([{ name }], ctx) =>
    groups.renameGroup(ctx.deps, ctx.actor.id, ctx.resource, name),
  ),

  on(Events.searchUser, { action: 'chats.read' }, async ([text], { deps, socket, actor }) =>
    answer(socket, Events.searchResults, await chats.searchUsers(deps, actor.id, text)),
  ),
];

export type { ChatMeta };
