/**
 * Call history: each call leaves one line in the pair's direct chat, sent as the caller. The chat area
 * owns messages; this is the one place calls touch it (sendMessage with a client id per room, so a
 * second attempt for the same call is stored once); the chat area shows it live on both sides.
 *
 * Missed calls in a row fold into one line, as WhatsApp and phones group them: a caller who rings again
 * and again leaves "3 missed video calls", not three lines. A run ends with anything else said in the
 * chat (a declined or answered call included), or FOLD_WINDOW_MS after its first call.
 */
import { CallTexts } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { presentCurrentUser } from '../../platform/current-user.js';
import { reviseLastMessage, sendMessage } from '../chat/index.js';
import { findMember, type CallRow } from './repo.js';

const FOLD_WINDOW_MS = 10 * 60 * 1000;

/** How many missed calls a history line stands for (null: another kind of line). */
function missedCallsIn(text: string): number | null {
  if (text === CallTexts.historyMissed) return 1;
  const n = Number.parseInt(text, 10);
  return Number.isInteger(n) && text === CallTexts.historyMissedMany(n) ? n : null;
}

/** Adds a missed call to the caller's line just before it when that is a recent missed-call line; true when it did. */
function foldMissedCall(deps: AppDeps, room: CallRow): Promise<boolean> {
  return reviseLastMessage(deps, room.callerId, room.calleeId, (last) => {
    if (!last.clientId?.startsWith('call-') || Date.now() - last.createdAt.getTime() > FOLD_WINDOW_MS) return null;
    const missed = missedCallsIn(last.content);
    return missed === null ? null : CallTexts.historyMissedMany(missed + 1);
  });
}

export async function recordCallInChat(deps: AppDeps, room: CallRow, text: string): Promise<void> {
  try {
    if (text === CallTexts.historyMissed && (await foldMissedCall(deps, room))) return;
    const caller = await findMember(deps.db, room.callerId);
    if (!caller) return;
    // Stored once per room (the client id); the chat area tells both members' tabs, as for any message.
    await sendMessage(
      deps,
      presentCurrentUser(caller),
      { to: room.calleeId },
      { id: `call-${room.id}`, message: text },
    );
  } catch (err) {
    // History is a courtesy: a failure here must not break the call's own outcome.
    deps.log.error({ err, roomId: room.id }, 'call history entry failed');
  }
}
