import { eq } from 'drizzle-orm';
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from '@sajha/contract';
import type { Db } from '../../db/client.js';
import { notificationPrefs } from '../../db/schema.js';

export async function getPreferences(db: Db, userId: string): Promise<NotificationPreferences> {
  const [row] = await db.select().from(notificationPrefs).where(eq(notificationPrefs.userId, userId)).limit(1);
  return row?.prefs ?? DEFAULT_NOTIFICATION_PREFERENCES;
}

export async function setPreferences(db: Db, userId: string, prefs: NotificationPreferences): Promise<void> {
  await db
    .insert(notificationPrefs)
    .values({ userId, prefs })
    .onConflictDoUpdate({ target: notificationPrefs.userId, set: { prefs, updatedAt: new Date() } });
}

/** Which preference switch governs a notification type. */
export function prefKey(type: string): keyof NotificationPreferences['email'] {
  switch (type) {
    case 'like':
    case 'share':
      return 'like';
    case 'comment':
    case 'mention':
    case 'follow':
    case 'message':
      return type;
    default:
      return 'system';
  }
}

/** Critical and security notices are never held back by quiet hours. */
export const bypassesQuietHours = (type: string): boolean => type === 'critical' || type === 'security';

/** True when `now`, read in the time zone, falls inside [start, end) — a window may wrap midnight. */
export function inQuietHours(prefs: NotificationPreferences, now: Date, timeZone: string): boolean {
  const { start, end } = prefs.quietHours;
  if (!start || !end || start === end) return false;
  const hm = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(now);
  return start < end ? hm >= start && hm < end : hm >= start || hm < end;
}
