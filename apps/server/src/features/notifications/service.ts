/**
 * notify(): the one way a member is told something (notices.ts calls it for the facts other areas state). It stores the notification and publishes
 * it (publish.ts shows it live on every tab with the unread count), and queues a Web Push and an email
 * when the member's preferences allow (push is held back in quiet hours), or leaves the email for the
 * daily digest. Nothing here waits on a push service or SMTP: those are jobs with retries.
 */
import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { NotificationDto } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { notificationPrefs, notifications, users } from '../../db/schema.js';
import { digestMail, rollupMail } from './mails.js';
import { bypassesQuietHours, getPreferences, prefKey } from './prefs.js';
import { presentNotification } from './presenters.js';
import { inLanguage, localeOfRow, queueAway, type NotifyInput } from './away.js';

export type { NoticeText, NotifyInput } from './away.js';

export interface NotifyOutcome {
  notification: NotificationDto | null;
  /** Push deliveries queued (one per device). */
  pushQueued: number;
  emailQueued: boolean;
}

export async function unreadCount(deps: AppDeps, userId: string): Promise<number> {
  const [row] = await deps.db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

export async function notify(
  deps: AppDeps,
  userId: string,
  input: NotifyInput,
  now = new Date(),
): Promise<NotifyOutcome> {
  // The member's language comes with the row read anyway: a notice told to many costs no query more.
  const [user] = await deps.db
    .select({ email: users.email, deletedAt: users.deletedAt, locale: users.locale })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user || user.deletedAt) return { notification: null, pushQueued: 0, emailQueued: false };
  // The second line behind every area's policy: nobody hears of what a member across a block did.
  if (input.actorId && (await deps.policy.relations.blockedEitherWay(userId, input.actorId))) {
    return { notification: null, pushQueued: 0, emailQueued: false };
  }
  // Coalesced: one notice per (actor, target and type) in a window, so 40 comments naming the same
  // member, or a like toggled 20 times (unlike + like), tell the member once. The tag names the target.
  // Follows keep their own, longer rule (once a day per pair, people/service.ts) and are left to it.
  if (input.actorId && input.tag && input.type !== 'follow') {
    const first = await deps.limiters.attempt('notifyCoalesce', `${userId}|${input.actorId}|${input.tag}`);
    if (!first) return { notification: null, pushQueued: 0, emailQueued: false };
  }
  const prefs = await getPreferences(deps.db, userId);
  // Composed in the recipient's language: the bell keeps it so, and the push and the mail say the same.
  const locale = localeOfRow(user.locale);
  const notice = inLanguage(input, locale);
  let dto: NotificationDto | null = null;
  if (prefs.inApp.all || bypassesQuietHours(input.type)) {
    const [row] = await deps.db
      .insert(notifications)
      .values({
        id: randomUUID(),
        userId,
        actorId: input.actorId ?? null,
        type: input.type,
        message: notice.message,
        priority: input.priority ?? 'normal',
        actions: notice.actions ?? [],
        profileImage: input.profileImage ?? null,
        icon: input.icon ?? null,
        isDigest: prefs.digest,
        createdAt: now,
      })
      .returning();
    dto = presentNotification(row!);
    void deps.bus.publish('notification.created', {
      userId,
      notification: dto,
      unread: await unreadCount(deps, userId),
    });
  }

  const { pushQueued, emailQueued } = await queueAway(
    deps,
    { id: userId, email: user.email, locale },
    prefs,
    notice,
    now,
    dto?._id,
  );
  return { notification: dto, pushQueued, emailQueued };
}

/** Removes the notices either member got about the other. */
export async function forgetBetween(deps: AppDeps, a: string, b: string): Promise<void> {
  await deps.db
    .delete(notifications)
    .where(
      or(
        and(eq(notifications.userId, a), eq(notifications.actorId, b)),
        and(eq(notifications.userId, b), eq(notifications.actorId, a)),
      ),
    );
}

/** The list for the panel (newest first); opening the panel marks everything read on every tab. */
export async function openPanel(deps: AppDeps, userId: string): Promise<NotificationDto[]> {
  const rows = await deps.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt))
    .limit(100);
  await deps.db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  void deps.bus.publish('notification.unread', { userId, unread: 0 }, { by: userId });
  return rows.map(presentNotification);
}

/**
 * One digest mail a day for members who chose it: claims each member atomically (so two nodes never
 * both send), then mails the notifications since the last digest. Returns how many mails went out.
 */
export async function sendDigests(deps: AppDeps, now = new Date()): Promise<number> {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  const claimed = await deps.db
    .update(notificationPrefs)
    .set({ lastDigestAt: now })
    .where(
      and(
        sql`(${notificationPrefs.prefs} ->> 'digest')::boolean = true`,
        or(isNull(notificationPrefs.lastDigestAt), lt(notificationPrefs.lastDigestAt, dayAgo)),
      ),
    )
    .returning({ userId: notificationPrefs.userId, previous: sql<Date | null>`null` });
  let sent = 0;
  for (const { userId } of claimed) {
    const items = await deps.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          isNull(notifications.emailedAt),
          gt(notifications.createdAt, new Date(now.getTime() - 7 * 86_400_000)),
        ),
      )
      .orderBy(desc(notifications.createdAt))
      .limit(50);
    if (items.length === 0) continue;
    const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
    if (!user) continue;
    await deps.jobs.send(
      'mail.send',
      digestMail(
        user.email,
        user.name,
        items.map((i) => ({ message: i.message, date: i.createdAt })),
        `${deps.config.publicUrl}/home`,
        localeOfRow(user.locale),
      ),
    );
    await deps.db
      .update(notifications)
      .set({ emailedAt: now })
      .where(
        and(
          eq(notifications.userId, userId),
          isNull(notifications.emailedAt),
          lt(notifications.createdAt, new Date(now.getTime() + 1)),
        ),
      );
    sent += 1;
  }
  return sent;
}

/**
 * Mails, in one message, the unread notices of a member that were kept from single mails by the
 * per-recipient limit. Each row is claimed atomically (emailed_at), so a second run mails nothing again.
 */
export async function sendRollup(deps: AppDeps, userId: string, now = new Date()): Promise<boolean> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!user) return false;
  const prefs = await getPreferences(deps.db, userId);
  if (prefs.digest) return false; // the daily digest takes them
  const rows = await deps.db
    .update(notifications)
    .set({ emailedAt: now })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.emailedAt),
        isNull(notifications.readAt),
        eq(notifications.isDigest, false),
        gt(notifications.createdAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)),
      ),
    )
    .returning();
  const items = rows
    .filter((r) => prefs.email[prefKey(r.type)])
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  if (items.length === 0) return false;
  await deps.jobs.send(
    'mail.send',
    rollupMail(
      user.email,
      user.name,
      items.map((i) => ({ message: i.message, date: i.createdAt })),
      `${deps.config.publicUrl}/home`,
      localeOfRow(user.locale),
    ),
  );
  return true;
}
