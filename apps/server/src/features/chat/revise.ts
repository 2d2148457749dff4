/**
 * For lines the server writes as a member for another area (call history): the newest message of a
 * direct chat, rewritten when it is the sender's own and the caller's `revise` gives it a new text.
 * The rewrite reaches both members' tabs like any other change of a message (message_updated).
 */
import { searchVector } from '../../platform/search-index.js';
import { and, desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { chats, messages } from '../../db/schema.js';
import { messageDto } from './messages.js';
import type { MessageRow } from './presenters.js';
import { chatState } from './state.js';

/** The newest message of the direct chat of two members (chats.ts keys it by the two ids, sorted). */
async function lastMessageBetween(deps: AppDeps, a: string, b: string): Promise<MessageRow | undefined> {
  const [last] = await deps.db
    .select({ message: messages })
    .from(messages)
    .innerJoin(chats, eq(chats.id, messages.chatId))
    .where(eq(chats.directKey, [a, b].sort().join(':')))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1);
  return last?.message;
}

/**
 * Rewrites the newest message of the direct chat of `senderId` and `to` when the sender wrote it and
 * `revise` answers a new text for it (null: leave it). The rewrite is conditional on the text it was
 * read with, so two at once cannot both build on the same one. True when the message was rewritten.
 */
export async function reviseLastMessage(
  deps: AppDeps,
  senderId: string,
  to: string,
  revise: (last: MessageRow) => string | null,
): Promise<boolean> {
  const last = await lastMessageBetween(deps, senderId, to);
  const text = last?.senderId === senderId ? revise(last) : null;
  if (!last || text === null) return false;
  const [updated] = await deps.db
    .update(messages)
    .set({ content: text, searchTerms: searchVector(text) })
    .where(and(eq(messages.id, last.id), eq(messages.content, last.content)))
    .returning();
  if (!updated) return false;
  const chat = await chatState(deps).cache.chat(updated.chatId);
  const memberIds = chat?.memberIds ?? [senderId, to];
  const message = await messageDto(deps, updated);
  void deps.bus.publish(
    'chat.message.updated',
    { chatId: updated.chatId, memberIds, messages: [message] },
    { by: senderId },
  );
  return true;
}
