/**
 * A member's standing: suspended until a date, or banned, as moderators decided (features/moderation).
 * A sanctioned member has no session: sign-in answers with the reason (and the end date of a suspension),
 * and the session and socket checks treat them as signed out.
 */
import { ModerationMessages } from '@sajha/contract';
import { AppError } from './errors.js';

export interface Standing {
  suspendedUntil: Date | null;
  bannedAt: Date | null;
  sanctionReason: string | null;
}

/** True while a suspension runs or a ban stands. */
export function isSanctioned(u: Standing, now = new Date()): boolean {
  return Boolean(u.bannedAt) || (u.suspendedUntil !== null && u.suspendedUntil > now);
}

/** The end of a suspension as the member reads it: a date and time in the site's time zone. */
export function formatUntil(until: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone }).format(until);
}

/** Refuses a sign-in of a sanctioned member, with what they are told. */
export function refuseSanctioned(u: Standing, timeZone: string, now = new Date()): void {
  if (u.bannedAt) throw new AppError(ModerationMessages.banned(u.sanctionReason ?? ''), 403);
  if (u.suspendedUntil && u.suspendedUntil > now) {
    throw new AppError(
      ModerationMessages.suspended(formatUntil(u.suspendedUntil, timeZone), u.sanctionReason ?? ''),
      403,
    );
  }
}
