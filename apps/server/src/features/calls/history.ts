/**
 * Call history: each call leaves one line in the pair's direct chat, sent as the caller. The chat area
 * owns messages; this is the one place calls touch it (sendMessage with a client id per room, so a
 * second attempt for the same call is stored once); the chat area shows it live on both sides.
 */
import type { AppDeps } from '../../deps.js';
import { presentCurrentUser } from '../../platform/current-user.js';
import { sendMessage } from '../chat/index.js';
import { findMember, type CallRow } from './repo.js';

export async function recordCallInChat(deps: AppDeps, room: CallRow, text: string): Promise<void> {
  try {
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
