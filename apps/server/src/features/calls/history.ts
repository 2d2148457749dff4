/**
 * Call history: each call leaves one line in the pair's direct chat, sent as the caller. The chat area
 * owns messages; this is the one place calls touch it (sendMessage with a client id per room, so a
 * second attempt for the same call is stored once), then both members' lists get it live.
 */
import { Events } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { userRoom } from '../../realtime/types.js';
import { presentCurrentUser } from '../auth/presenters.js';
import { sendMessage } from '../chat/service.js';
import { findMember, type CallRow } from './repo.js';

export async function recordCallInChat(deps: AppDeps, room: CallRow, text: string): Promise<void> {
  try {
    const caller = await findMember(deps.db, room.callerId);
    if (!caller) return;
    const sent = await sendMessage(deps, presentCurrentUser(caller), {
      id: `call-${room.id}`,
      to_uid: room.calleeId,
      message: text,
    });
    if (!sent.created) return;
    deps.realtime.main
      .to([userRoom(room.callerId), userRoom(room.calleeId)])
      .emit(Events.receiveMessage, { ...sent.message, message: sent.message.content, chatId: sent.chatId });
  } catch (err) {
    // History is a courtesy: a failure here must not break the call's own outcome.
    deps.log.error({ err, roomId: room.id }, 'call history entry failed');
  }
}
