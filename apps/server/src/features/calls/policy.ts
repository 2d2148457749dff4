/** Who may do what in a call room: one call, not scattered ifs. Only the two members ever signal. */
import { CallTexts } from '@sajha/contract';
import { AppError } from '../../platform/errors.js';
import type { CallRow } from './repo.js';

export type CallAction = 'join' | 'signal' | 'leave' | 'reject';

export function authorize(actorId: string, action: CallAction, room: CallRow | undefined): asserts room {
  if (!room) throw new AppError(CallTexts.notFound, 404);
  const member = room.callerId === actorId || room.calleeId === actorId;
  if (!member) throw new AppError(CallTexts.notMember, 403);
  switch (action) {
    case 'join':
    case 'leave':
      return;
    case 'signal':
      if (room.state === 'ended') throw new AppError(CallTexts.ended, 409);
      return;
    case 'reject':
      if (room.calleeId !== actorId) throw new AppError(CallTexts.notMember, 403);
      return;
  }
}

/** Relays need no database read: a socket is in `call:{roomId}` only after `authorize(.., 'join', ..)`. */
export function authorizeRelay(joined: boolean): void {
  if (!joined) throw new AppError(CallTexts.notMember, 403);
}
