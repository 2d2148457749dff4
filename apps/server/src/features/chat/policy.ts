/**
 * Who may do what in chat. A chat is open to its members only; someone else's chat (or message) answers
 * exactly like a missing one, so ids reveal nothing. In a direct chat, a block decides too: the member who
 * was blocked no longer sees the chat at all; the blocker keeps its history (to read back or report) but
 * nobody sends, types or reacts across the block. In a group, a block hides presence and typing between the
 * two but not the group's messages (as in the messengers our members know).
 *
 *   chat.view     read, join, leave the view              member; in a direct chat, not blocked by the other
 *   chat.send     send a message                          member (a direct chat's block is checked in the insert);
 *                                                         a first message as the other's message setting allows
 *   chat.type     typing                                  member; no block either way in a direct chat
 *   chat.leave    leave a group                           member of a group
 *   chat.manage   add, remove members, rename a group     the group's creator
 *   message.react react, pin, unpin                       member of the message's chat, no block in a direct chat
 *   message.forward forward a message into other chats    who may view its chat (each target is then a
 *                                                         chat.send of its own: membership, blocks, privacy)
 *   message.delete delete a message for everyone          its sender; for me (hide it): any member
 *   message.edit  change a message's text                 its sender, within LIMITS.messageEditHours of
 *                                                         sending, no block in a direct chat; not a notice
 *                                                         nor a message moderators removed
 *   message.history every version of an edited message    who may view its chat (not a removed message)
 */
import { LIMITS, Messages, PeopleMessages, type DeleteScope } from '@sajha/contract';
import { AppError } from '../../platform/errors.js';
import { definePolicy, type Actor, type Refusal } from '../../policy/authorize.js';
import type { ChatMeta } from './cache.js';
import type { MessageRow } from './presenters.js';
import type { files } from '../../db/schema.js';

export interface MessageAccess {
  chat: ChatMeta;
  message: MessageRow;
}
/** A delete: for everyone in the chat, or only for the one who asks ("delete for me"). */
export type MessageDelete = MessageAccess & { scope: DeleteScope };
/** A chat upload, and whether it reached the actor through a chat they are in. */
export interface ChatFile {
  file: typeof files.$inferSelect;
  shared: boolean;
}
/** What send_message names: a chat, or (the first message) a member to write to directly. */
export type SendTarget = ({ chat: ChatMeta; to?: never } | { to: string; chat?: never }) & {
  /** Why the other member's "who may message me" refuses this first message (privacy), if it does. */
  refusal?: string;
};

declare module '../../policy/authorize.js' {
  interface Actions {
    'chat.view': ChatMeta;
    'chat.send': SendTarget;
    'chat.type': ChatMeta;
    'chat.leave': ChatMeta;
    'chat.manage': ChatMeta;
    /** A direct chat with a member (start_chat): never across a block, nor past their message setting. */
    'chat.start': { id: string; refusal?: string };
    'message.react': MessageAccess;
    'message.delete': MessageDelete;
    'message.forward': MessageAccess;
    'message.edit': MessageAccess;
    'message.history': MessageAccess;
    /** A chat attachment: its uploader, or a member of a chat it was sent in (not someone its uploader blocked). */
    'chat.file': ChatFile;
    /** The member's own list, unread counts, member search and new groups. */
    'chats.read': undefined;
    'group.create': undefined;
  }
}

const notMember = () => new AppError(Messages.chat.notMember, 403);
const isMember = (actor: Actor | null, chat: ChatMeta): Refusal =>
  actor && chat.memberIds.includes(actor.id) ? undefined : notMember();
/** The other member of a direct chat (a group has none: blocks there are handled per fan-out). */
const counterpart = (chat: ChatMeta, me: string | undefined): string | null =>
  chat.kind === 'direct' ? (chat.memberIds.find((id) => id !== me) ?? null) : null;

const cannotMessage = () => new AppError(PeopleMessages.cannotMessage, 403);

export const chatPolicy = definePolicy({
  notFound: notMember,
  actions: {
    // The member who was blocked no longer sees the direct chat; the blocker still does.
    'chat.view': {
      owner: (chat, actor) => counterpart(chat, actor?.id),
      blocks: 'theirs',
      allow: ({ actor, resource }) => isMember(actor, resource),
    },
    'chat.send': {
      owner: (t) => t.to ?? null,
      acrossBlock: () => new AppError(Messages.chat.userNotFound, 404),
      allow: ({ actor, resource }) =>
        (resource.chat ? isMember(actor, resource.chat) : undefined) ??
        (resource.refusal ? new AppError(resource.refusal, 403) : undefined),
    },
    'chat.type': {
      owner: (chat, actor) => counterpart(chat, actor?.id),
      acrossBlock: cannotMessage,
      allow: ({ actor, resource }) => isMember(actor, resource),
    },
    'chat.leave': {
      allow: ({ actor, resource }) =>
        isMember(actor, resource) ??
        (resource.kind !== 'group' ? new AppError(Messages.chat.notGroup, 400) : undefined),
    },
    'chat.manage': {
      allow: ({ actor, resource }) =>
        isMember(actor, resource) ??
        (resource.kind !== 'group'
          ? new AppError(Messages.chat.notGroup, 400)
          : resource.createdBy !== actor?.id
            ? new AppError(Messages.chat.creatorOnly, 403)
            : undefined),
    },
    'chat.start': {
      owner: (m) => m.id,
      missing: () => new AppError(Messages.chat.userNotFound, 404),
      allow: ({ actor, resource }) =>
        resource.id === actor?.id
          ? new AppError(Messages.chat.selfChat, 400)
          : resource.refusal
            ? new AppError(resource.refusal, 403)
            : undefined,
    },
    'message.react': {
      owner: (m, actor) => counterpart(m.chat, actor?.id),
      acrossBlock: cannotMessage,
      allow: ({ actor, resource }) => isMember(actor, resource.chat),
    },
    // Passing a message on needs only to see it; where it goes is checked per chat as a send.
    'message.forward': {
      owner: (m, actor) => counterpart(m.chat, actor?.id),
      blocks: 'theirs',
      allow: ({ actor, resource }) =>
        isMember(actor, resource.chat) ??
        (resource.message.notice || resource.message.removedAt !== null
          ? new AppError(Messages.chat.cannotForward, 400)
          : undefined),
    },
    // Editing says something new to the chat: as a send, never across a block.
    'message.edit': {
      owner: (m, actor) => counterpart(m.chat, actor?.id),
      acrossBlock: cannotMessage,
      allow: ({ actor, resource: { chat, message } }) =>
        isMember(actor, chat) ??
        (message.senderId !== actor?.id
          ? new AppError(Messages.chat.notSender, 403)
          : message.notice || message.removedAt !== null
            ? new AppError(Messages.chat.cannotEdit, 400)
            : Date.now() - message.createdAt.getTime() > LIMITS.messageEditHours * 3_600_000
              ? new AppError(Messages.chat.editWindowClosed, 400)
              : undefined),
    },
    // What a message said before its edits is for whoever may read it now; a removed one says nothing.
    'message.history': {
      owner: (m, actor) => counterpart(m.chat, actor?.id),
      blocks: 'theirs',
      allow: ({ actor, resource }) =>
        isMember(actor, resource.chat) ??
        (resource.message.removedAt !== null ? new AppError(Messages.chat.messageNotFound, 404) : undefined),
    },
    // Taking back one's own message, or no longer seeing any, is never refused by a block.
    'message.delete': {
      allow: ({ actor, resource }) =>
        isMember(actor, resource.chat) ??
        (resource.scope === 'everyone' && resource.message.senderId !== actor?.id
          ? new AppError(Messages.chat.notSender, 403)
          : undefined),
    },
    'chat.file': {
      owner: (f) => f.file.ownerId,
      blocks: 'theirs',
      missing: () => new AppError(Messages.chat.attachmentNotFound, 404),
      allow: ({ resource }) => (resource.shared ? undefined : new AppError(Messages.chat.attachmentNotFound, 404)),
    },
    'chats.read': { self: true },
    'group.create': { self: true },
  },
});
