/**
 * Chat's part of a member's account. Exported: the messages they sent, what the ones they edited said
 * before, and which messages they deleted for themselves (ids and when). Deleted: their reactions, the
 * messages they deleted for themselves, and their memberships; chats left with nobody go with their
 * messages. Messages they sent into chats that still have other members stay there, from "Deleted user"
 * (their recipients' history; see the README); a group they created passes to its longest-standing
 * member, and a direct chat's pair key forgets them.
 */
import { and, asc, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { chatMembers, chats, messageEdits, messageHides, messageReactions, messages } from '../../db/schema.js';
import { after, byKeyset, EXPORT_PAGE, type AccountExport } from '../../account.js';

export function exportChat(deps: AppDeps, userId: string, out: AccountExport): void {
  out.rows('messages.json', 'messages', (cursor) =>
    deps.db
      .select({
        id: messages.id,
        chatId: messages.chatId,
        content: messages.content,
        createdAt: messages.createdAt,
        editedAt: messages.editedAt,
        _at: messages.createdAt,
        _id: messages.id,
      })
      .from(messages)
      .where(and(eq(messages.senderId, userId), eq(messages.notice, false), after(messages, cursor)))
      .orderBy(...byKeyset(messages))
      .limit(EXPORT_PAGE),
  );
  const hides = { createdAt: messageHides.createdAt, id: messageHides.messageId };
  out.rows('hidden_messages.json', 'hidden_messages', (cursor) =>
    deps.db
      .select({
        messageId: messageHides.messageId,
        hiddenAt: messageHides.createdAt,
        _at: messageHides.createdAt,
        _id: messageHides.messageId,
      })
      .from(messageHides)
      .where(and(eq(messageHides.userId, userId), after(hides, cursor)))
      .orderBy(...byKeyset(hides))
      .limit(EXPORT_PAGE),
  );
  const edits = { createdAt: messageEdits.writtenAt, id: messageEdits.id };
  out.rows('message_edits.json', 'message_edits', (cursor) =>
    deps.db
      .select({
        messageId: messageEdits.messageId,
        content: messageEdits.content,
        writtenAt: messageEdits.writtenAt,
        _at: messageEdits.writtenAt,
        _id: messageEdits.id,
      })
      .from(messageEdits)
      .innerJoin(messages, eq(messages.id, messageEdits.messageId))
      .where(and(eq(messages.senderId, userId), after(edits, cursor)))
      .orderBy(...byKeyset(edits))
      .limit(EXPORT_PAGE),
  );
}

export async function deleteChat(deps: AppDeps, userId: string): Promise<void> {
  const { db } = deps;
  const theirs = (
    await db.select({ id: chatMembers.chatId }).from(chatMembers).where(eq(chatMembers.userId, userId))
  ).map((r) => r.id);
  await db.transaction(async (tx) => {
    await tx.delete(messageReactions).where(eq(messageReactions.userId, userId));
    await tx.delete(messageHides).where(eq(messageHides.userId, userId));
    await tx.update(messages).set({ pinnedBy: null }).where(eq(messages.pinnedBy, userId));
    await tx.delete(chatMembers).where(eq(chatMembers.userId, userId));
    // Chats nobody is left in go, with their messages (cascade).
    if (theirs.length > 0) {
      await tx.delete(chats).where(
        and(
          inArray(chats.id, theirs),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(chatMembers)
              .where(eq(chatMembers.chatId, chats.id)),
          ),
        ),
      );
    }
    // A direct chat's pair key names both members: the one left keeps the chat, keyed by nobody.
    await tx
      .update(chats)
      .set({ directKey: null })
      .where(sql`position(${userId} in ${chats.directKey}) > 0`);
    // Groups (and direct chats) they created pass to the longest-standing member.
    const created = await tx.select({ id: chats.id }).from(chats).where(eq(chats.createdBy, userId));
    for (const c of created) {
      const [next] = await tx
        .select({ userId: chatMembers.userId })
        .from(chatMembers)
        .where(eq(chatMembers.chatId, c.id))
        .orderBy(asc(chatMembers.joinedAt))
        .limit(1);
      await tx
        .update(chats)
        .set({ createdBy: next?.userId ?? null })
        .where(eq(chats.id, c.id));
    }
  });
  for (const chatId of theirs) void deps.bus.publish('chat.members.changed', { chatId });
}
