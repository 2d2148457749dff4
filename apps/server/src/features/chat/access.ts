/**
 * What chat events act on, loaded for the policy: a chat (from the membership cache), a message in one of
 * the actor's chats, the target of a send, the member a direct chat is started with.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { isId } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { chatMembers, chats, messages, users } from '../../db/schema.js';
import { contactRefusal } from '../privacy/index.js';
import type { ChatMeta } from './cache.js';
import type { MessageAccess, SendTarget } from './policy.js';
import { chatState } from './state.js';

export async function loadChat(deps: AppDeps, chatId: string): Promise<ChatMeta | undefined> {
  return isId(chatId) ? chatState(deps).cache.chat(chatId) : undefined;
}

/** A message of a chat the actor is in (anyone else's answers as missing). */
export async function loadMessage(
  deps: AppDeps,
  actorId: string,
  messageId: string,
): Promise<MessageAccess | undefined> {
  if (!isId(messageId)) return undefined;
  const [row] = await messageInMyChat(deps).execute({ messageId, userId: actorId });
  if (!row) return undefined;
  const chat = await chatState(deps).cache.chat(row.message.chatId);
  return chat && { chat, message: row.message };
}

/** A send names its chat (`to_cid`), or for a first message the member (`to_uid`). */
export async function loadSendTarget(
  deps: AppDeps,
  actorId: string,
  input: { to_cid?: string | undefined; to_uid?: string | undefined },
): Promise<SendTarget | undefined> {
  if (input.to_cid) {
    const chat = await loadChat(deps, input.to_cid);
    if (!chat) return undefined;
    // A direct chat: the other member's "who may message me" (privacy), unless they wrote in it.
    const other = chat.kind === 'direct' && chat.memberIds.includes(actorId) ? otherOf(chat, actorId) : undefined;
    const refusal = other && (await contactRefusal(deps, 'messages', actorId, other, chat.id));
    return refusal ? { chat, refusal } : { chat };
  }
  if (!input.to_uid) return undefined;
  const refusal = isId(input.to_uid)
    ? await contactRefusal(deps, 'messages', actorId, input.to_uid, () => directChatId(deps, actorId, input.to_uid!))
    : undefined;
  return refusal ? { to: input.to_uid, refusal } : { to: input.to_uid };
}

const otherOf = (chat: ChatMeta, me: string) => chat.memberIds.find((id) => id !== me);

/** The id of the direct chat of two members, if they have one. */
async function directChatId(deps: AppDeps, a: string, b: string): Promise<string | undefined> {
  const [row] = await deps.db
    .select({ id: chats.id })
    .from(chats)
    .where(eq(chats.directKey, [a, b].sort().join(':')))
    .limit(1);
  return row?.id;
}

/**
 * The verified member a direct chat is started with, by id or username, and (when their "who may message
 * me" leaves the actor out, and they have not written in a chat with them) why it may not start.
 */
export async function loadMemberTarget(
  deps: AppDeps,
  target: { to_uid: string } | { username: string },
  actorId: string,
): Promise<{ id: string; refusal?: string } | undefined> {
  if ('to_uid' in target && !isId(target.to_uid)) return undefined;
  const [u] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        'to_uid' in target ? eq(users.id, target.to_uid) : sql`lower(${users.username}) = lower(${target.username})`,
        isNotNull(users.emailVerifiedAt),
      ),
    )
    .limit(1);
  if (!u) return undefined;
  const refusal = await contactRefusal(deps, 'messages', actorId, u.id, () => directChatId(deps, actorId, u.id));
  return refusal ? { id: u.id, refusal } : u;
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
