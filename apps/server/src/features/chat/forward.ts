/**
 * Forward (issue 37): a message passed on into up to LIMITS.forwardChatsMax of the member's chats. Each
 * chat is a send of its own, authorized as one ('chat.send': membership, blocks, the other member's
 * message setting), so a refusal in one chat does not stop the others and says why. The copy keeps the
 * words and carries the original's files (shared, not copied: they go with the last message holding them)
 * and is marked forwarded; it quotes nothing and keeps no reactions. A forward sent again under its
 * client id (the app repeats an unanswered one after a reconnect) stores nothing twice: each chat's copy
 * has a client id of its own made from the forward's and the chat's, and a repeat answers the copies made.
 */
import { createHash } from 'node:crypto';
import { localizeText, Messages, type ClientAck, type CurrentUser, type Events, type Locale } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import type { Actor } from '../../policy/authorize.js';
import { AppError } from '../../platform/errors.js';
import { loadSendTarget } from './access.js';
import { sendMessage } from './messages.js';
import type { MessageAccess } from './policy.js';
import type { FileRow } from './presenters.js';
import { attachmentsOf } from './repo.js';

/** forward_message's answer, as the contract types it. */
type Forwarded = ClientAck<typeof Events.forwardMessage>;

export async function forwardMessage(
  deps: AppDeps,
  actor: Actor,
  me: CurrentUser,
  locale: Locale,
  { message: source }: MessageAccess,
  { chatIds, id }: { chatIds: string[]; id?: string | undefined },
): Promise<Forwarded> {
  const attached: FileRow[] = (await attachmentsOf(deps.db, [source.id])).map(({ messageId: _, ...f }) => f);
  const out: Forwarded = { forwarded: [], refused: [] };
  for (const chatId of [...new Set(chatIds)]) {
    try {
      const target = await loadSendTarget(deps, me.uid, { to_cid: chatId });
      if (!target) throw new AppError(Messages.chat.notMember, 403);
      await deps.policy.authorize(actor, 'chat.send', target);
      const sent = await sendMessage(deps, me, target, {
        message: source.content,
        forward: { attached },
        id: id && copyId(id, chatId),
      });
      out.forwarded.push({ chatId, id: sent.message.id });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      out.refused.push({ chatId, error: localizeText(locale, err.message) });
    }
  }
  return out;
}

/** One chat's copy of a forward: a client id of its own, within the contract's 64 characters. */
const copyId = (forwardId: string, chatId: string) =>
  `fw-${createHash('sha256').update(`${forwardId}\n${chatId}`).digest('base64url').slice(0, 40)}`;
