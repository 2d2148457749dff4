/**
 * Who may do what in chat: the one check every chat handler makes first. A chat is open to its members
 * only; someone else's chat (or message) answers exactly like a missing one, so ids reveal nothing.
 * Membership comes from the cache (cache.ts); the send itself is checked again inside its insert.
 *
 *   view     read, join, leave the view, type, send       member
 *   react    react, pin, unpin a message                  member of the message's chat
 *   delete   delete a message                             its sender
 *   leave    leave a group                                member of a group
 *   manage   add, remove members, rename a group          the group's creator
 */
import { and, eq, sql } from 'drizzle-orm';
import { Messages } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { chatMembers, messages } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';
import type { ChatMeta } from './cache.js';
import type { MessageRow } from './presenters.js';
import { chatState } from './state.js';

export type ChatAction = 'view' | 'leave' | 'manage';
export type MessageAction = 'react' | 'delete';

export interface ChatAccess {
  chat: ChatMeta;
}
export interface MessageAccess extends ChatAccess {
  message: MessageRow;
}

const notMember = () => new AppError(Messages.chat.notMember, 403);

export async function authorize(
  deps: AppDeps,
  actorId: string,
  action: ChatAction,
  resource: { chatId: string },
): Promise<ChatAccess>;
export async function authorize(
  deps: AppDeps,
  actorId: string,
  action: MessageAction,
  resource: { messageId: string },
): Promise<MessageAccess>;
export async function authorize(
  deps: AppDeps,
  actorId: string,
  action: ChatAction | MessageAction,
  resource: { chatId: string } | { messageId: string },
): Promise<ChatAccess | MessageAccess> {
  const { cache } = chatState(deps);
  if ('messageId' in resource) {
    const [row] = await messageInMyChat(deps).execute({ messageId: resource.messageId, userId: actorId });
    if (!row) throw notMember();
    const chat = await cache.chat(row.message.chatId);
    if (!chat) throw notMember();
    if (action === 'delete' && row.message.senderId !== actorId) throw new AppError(Messages.chat.notSender, 403);
    return { chat, message: row.message };
  }
  const chat = await cache.chat(resource.chatId);
  if (!chat?.memberIds.includes(actorId)) throw notMember();
  if ((action === 'leave' || action === 'manage') && chat.kind !== 'group') {
    throw new AppError(Messages.chat.notGroup, 400);
  }
  if (action === 'manage' && chat.createdBy !== actorId) throw new AppError(Messages.chat.creatorOnly, 403);
  return { chat };
}

const preparedByDeps = new WeakMap<AppDeps, ReturnType<typeof prepare>>();
function prepare(deps: AppDeps) {
  return deps.db
    .select({ message: messages })
    .from(messages)
    .innerJoin(
      chatMembers,
      and(eq(chatMembers.chatId, messages.chatId), eq(chatMembers.userId, sql.placeholder('userId'))),
    )
    .where(eq(messages.id, sql.placeholder('messageId')))
    .limit(1)
    .prepare('chat_message_in_my_chat');
}
function messageInMyChat(deps: AppDeps) {
  let q = preparedByDeps.get(deps);
  if (!q) preparedByDeps.set(deps, (q = prepare(deps)));
  return q;
}
