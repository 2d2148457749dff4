/**
 * Notifications' part of a member's account. Exported: their preferences and their notices. Deleted:
 * their notices, preferences and push devices, and the notices others got about what they did (those
 * carry their @username).
 */
import { desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { notificationPrefs, notifications, pushSubscriptions } from '../../db/schema.js';
import type { AccountExport } from '../../account.js';
import { getPreferences } from './prefs.js';

export async function exportNotifications(deps: AppDeps, userId: string, out: AccountExport): Promise<void> {
  out.json('notification-preferences.json', 'settings', await getPreferences(deps.db, userId));
  out.json(
    'notifications.json',
    'notifications',
    await deps.db
      .select({ type: notifications.type, message: notifications.message, createdAt: notifications.createdAt })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt))
      .limit(1000),
  );
}

export async function deleteNotifications(deps: AppDeps, userId: string): Promise<void> {
  await deps.db.delete(notifications).where(eq(notifications.userId, userId));
  await deps.db.delete(notifications).where(eq(notifications.actorId, userId));
  await deps.db.delete(notificationPrefs).where(eq(notificationPrefs.userId, userId));
  await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}
