/**
 * notifyAway(): reaches a member who is not looking, by Web Push and mail only, as their preferences
 * allow. For chat messages: they count on the messages badge, so they must not also raise the bell
 * (nothing is stored in the notifications list), yet an away member still hears of them. Both go out
 * as jobs: nothing here waits on a push service or SMTP.
 */
import { eq } from 'drizzle-orm';
import { catalogueFor, isLocale, type Catalogue, type Locale, type NotificationPreferences } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { notifications, users } from '../../db/schema.js';
import { notificationMail } from './mails.js';
import { bypassesQuietHours, getPreferences, inQuietHours, prefKey } from './prefs.js';
import { queuePush } from './push.js';

/**
 * A text of a notice: composed from the recipient's catalogue (`(t) => t.ServerTexts.notices.likedPost(h)`),
 * so the bell, the push and the mail read in the recipient's language; or a fixed text, used as it is.
 */
export type NoticeText = string | ((t: Catalogue) => string);

/** What a notice says and how it reaches the member (notify() stores it in the bell too). */
export interface NotifyInput {
  type: string;
  /** The push notification's title (default "Sajha"), e.g. "Incoming call". */
  title?: NoticeText;
  message: NoticeText;
  priority?: 'low' | 'normal' | 'high';
  actions?: { label: NoticeText; type: string; url: string }[];
  actorId?: string;
  profileImage?: string | null;
  icon?: string;
  /** Merges pushes: the service worker replaces an earlier one with the same tag and counts. */
  tag?: string;
}

/** A notice as its recipient reads it: every text in their language. */
export interface Notice extends Omit<NotifyInput, 'title' | 'message' | 'actions'> {
  title: string;
  message: string;
  actions?: { label: string; type: string; url: string }[];
}

/** The language of a member's row (`users.locale`), English for anything else. */
export const localeOfRow = (locale: string | null | undefined): Locale => (isLocale(locale) ? locale : 'en');

/** Composes a notice in `locale`. */
export function inLanguage(input: NotifyInput, locale: Locale): Notice {
  const t = catalogueFor(locale);
  const text = (x: NoticeText) => (typeof x === 'function' ? x(t) : x);
  const { title, message, actions, ...rest } = input;
  return {
    ...rest,
    title: title === undefined ? t.ServerTexts.appName : text(title),
    message: text(message),
    ...(actions ? { actions: actions.map((a) => ({ ...a, label: text(a.label) })) } : {}),
  };
}

/** How long held-back notices wait to be mailed together: the mail limit's window. */
export const ROLLUP_DELAY_S = 5 * 60;

export async function notifyAway(
  deps: AppDeps,
  userId: string,
  input: NotifyInput,
  now = new Date(),
): Promise<{ pushQueued: number; emailQueued: boolean }> {
  // The member's language comes with the row read anyway: no query of its own, however many are told.
  const [user] = await deps.db
    .select({ email: users.email, deletedAt: users.deletedAt, locale: users.locale })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user || user.deletedAt) return { pushQueued: 0, emailQueued: false };
  if (input.actorId && (await deps.policy.relations.blockedEitherWay(userId, input.actorId))) {
    return { pushQueued: 0, emailQueued: false };
  }
  const locale = localeOfRow(user.locale);
  return queueAway(
    deps,
    { id: userId, email: user.email, locale },
    await getPreferences(deps.db, userId),
    inLanguage(input, locale),
    now,
  );
}

/**
 * The push and mail part of every notice (notify() stores the bell row first, then calls this): a push
 * unless the type is off or it is quiet hours, a mail unless the type is off or the member takes the
 * daily digest. Both are queued as jobs.
 */
export async function queueAway(
  deps: AppDeps,
  user: { id: string; email: string; locale: Locale },
  prefs: NotificationPreferences,
  input: Notice,
  now: Date,
  /** The stored bell row this notice is, marked as mailed when its own mail goes out. */
  notificationId?: string,
): Promise<{ pushQueued: number; emailQueued: boolean }> {
  const key = prefKey(input.type);
  const url = input.actions?.[0]?.url ?? '/home';
  let pushQueued = 0;
  const quiet = !bypassesQuietHours(input.type) && inQuietHours(prefs, now, deps.config.timeZone);
  if (prefs.webPush[key] && !quiet) {
    pushQueued = await queuePush(deps, user.id, {
      title: input.title,
      body: input.message,
      tag: input.tag ?? input.type,
      url,
      icon: input.profileImage ?? undefined,
    });
  }
  // A digest member gets no single mails: the digest is built from the bell's list.
  let emailQueued = false;
  if (prefs.email[key] && !prefs.digest) {
    // At most one mail per member in a few minutes (security notices always go); what is held back
    // rolls up into one later mail (sendRollup), so a burst of activity cannot flood a mailbox.
    const urgent = input.priority === 'high' || bypassesQuietHours(input.type);
    if (urgent || (await deps.limiters.attempt('mailPerRecipient', user.id))) {
      await deps.jobs.send(
        'mail.send',
        notificationMail(
          user.email,
          input.message,
          `${deps.config.publicUrl}${url.startsWith('/') ? url : '/'}`,
          user.locale,
        ),
      );
      if (notificationId)
        await deps.db.update(notifications).set({ emailedAt: now }).where(eq(notifications.id, notificationId));
      emailQueued = true;
    } else if (await deps.limiters.attempt('mailRollupPerRecipient', user.id)) {
      await deps.jobs.send('notification.rollup', { userId: user.id }, { delaySeconds: ROLLUP_DELAY_S });
    }
  }
  return { pushQueued, emailQueued };
}
