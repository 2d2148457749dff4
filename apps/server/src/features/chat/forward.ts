/**
 * Forward (issue 37): a message passed on into up to LIMITS.forwardChatsMax of the member's chats. Each
 * chat is a send of its own, authorized as one ('chat.send': membership, blocks, the other member's
 * message setting), so a refusal in one chat does not stop the others and says why. The copy keeps the
 * words and carries the original's files (shared, not copied: they go with the last message holding them)
 * and is marked forwarded; it quotes nothing and keeps no reactions.
 */
import { asc, eq } from 'drizzle-orm';
import { localizeText, Messages, type CurrentUser, type Locale } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { files, messageAttachments } from '../../db/schema.js';
import type { Actor } from '../../policy/authorize.js';
import { AppError } from '../../platform/errors.js';
import { loadSendTarget } from './access.js';
import { sendMessage } from './messages.js';
import type { MessageAccess } from './policy.js';
import type { FileRow } from './presenters.js';

export interface Forwarded {
  forwarded: { chatId: string; id: string }[];
  refused: { chatId: string; error: string }[];
}

export async function forwardMessage(
  deps: AppDeps,
  actor: Actor,
  me: CurrentUser,
  locale: Locale,
  { message: source }: MessageAccess,
  chatIds: string[],
): Promise<Forwarded> {
  const attached: FileRow[] = await deps.db
    .select({ id: files.id, mime: files.mime, originalName: files.originalName, bytes: files.bytes })
    .from(messageAttachments)
    .innerJoin(files, eq(files.id, messageAttachments.fileId))
    .where(eq(messageAttachments.messageId, source.id))
    .orderBy(asc(messageAttachments.position));
  const out: Forwarded = { forwarded: [], refused: [] };
  for (const chatId of [...new Set(chatIds)]) {
    try {
      const target = await loadSendTarget(deps, me.uid, { to_cid: chatId });
      if (!target) throw new AppError(Messages.chat.notMember, 403);
      await deps.policy.authorize(actor, 'chat.send', target);
      const sent = await sendMessage(deps, me, target, { message: source.content, forward: { attached } });
      out.forwarded.push({ chatId, id: sent.message.id });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      out.refused.push({ chatId, error: localizeText(locale, err.message) });
    }
  }
  return out;
}
