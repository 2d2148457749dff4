/**
 * Notices in the recipient's language: one fact told to a Nepali and an English member reads in each
 * one's language in the bell (live and stored), on its link, and in the mail it sends; the socket's own
 * answer to saved preferences too. English members still read the exact English.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueFor, DEFAULT_NOTIFICATION_PREFERENCES, Events, type NotificationDto } from '@sajha/contract';
import { notifications, users } from '../../db/schema.js';
import {
  connectSocket,
  createUser,
  nextEvent,
  readOutbox,
  sessionCookie,
  startTestApp,
  type TestApp,
  type TestSocket,
} from '../../../test/harness.js';

const ne = catalogueFor('ne');

describe('notices in the recipient’s language', () => {
  let t: TestApp;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await t.close();
  });

  async function member(locale: 'en' | 'ne', name: string) {
    const u = await createUser(t.db, { name });
    await t.db.update(users).set({ locale }).where(eq(users.id, u.id));
    const socket = await connectSocket(t.url, await sessionCookie(t.db, u.id));
    sockets.push(socket);
    return { ...u, socket };
  }

  it('one mention told to a Nepali and an English member: each reads it, its link and its mail in their language', async () => {
    const nepali = await member('ne', 'Gita');
    const english = await member('en', 'Hari');
    const asha = await createUser(t.db, { username: `asha_${Date.now() % 100000}` });
    const live = [nepali, english].map((m) => nextEvent<NotificationDto>(m.socket, Events.notification));

    await t.app.deps.bus.publish('member.mentioned', {
      where: 'comment',
      content: { kind: 'post', id: 'p1', ownerId: asha.id },
      memberIds: [nepali.id, english.id],
      actor: { id: asha.id, username: asha.username, name: asha.name, avatar: null },
    });
    const [toNepali, toEnglish] = await Promise.all(live);

    const nepaliText = ne.ServerTexts.notices.mentionedInComment(asha.username);
    expect(nepaliText).toMatch(/[\u0900-\u097F]/);
    expect(toNepali).toMatchObject({
      type: 'mention',
      message: nepaliText,
      actions: [{ label: ne.ServerTexts.notices.viewDetails, type: 'link', url: '/view/p1' }],
    });
    expect(toEnglish).toMatchObject({
      type: 'mention',
      message: `@${asha.username} mentioned you in a comment`,
      actions: [{ label: 'View Details', type: 'link', url: '/view/p1' }],
    });
    // Stored so: the bell after a reload reads the same.
    const [stored] = await t.db.select().from(notifications).where(eq(notifications.userId, nepali.id));
    expect(stored?.message).toBe(nepaliText);

    // Mentions are mailed by default: each mail in its reader's language.
    const mails = await readOutbox(t.dataDir);
    const nepaliMail = mails.find((m) => m.to.includes(nepali.email))!;
    expect(nepaliMail.subject).toBe(ne.ServerTexts.mail.notification.subject(nepaliText));
    expect(nepaliMail.text).toBe(
      `${nepaliText}\n\n${ne.ServerTexts.mail.openAppAt(`${t.url}/view/p1`)}\n\n${ne.ServerTexts.mail.notificationsFooter}\n`,
    );
    expect(nepaliMail.html).toContain(ne.ServerTexts.mail.openApp);
    expect(`${nepaliMail.subject}${nepaliMail.text}`).not.toMatch(/Sajha|Open|Settings|mentioned/);
    const englishMail = mails.find((m) => m.to.includes(english.email))!;
    expect(englishMail.subject).toBe(`Sajha: @${asha.username} mentioned you in a comment`);
    expect(englishMail.text).toBe(
      `@${asha.username} mentioned you in a comment\n\nOpen Sajha: ${t.url}/view/p1\n\nChange which mails you get in Settings → Notifications.\n`,
    );
  });

  it('a sign-in from a new browser, a moderator’s action and a report’s outcome read in Nepali', async () => {
    const m = await member('ne', 'Sita');
    const bus = t.app.deps.bus;
    await bus.publish('account.newDevice', { userId: m.id, browser: 'Firefox', os: null });
    await bus.publish('moderation.acted', {
      memberId: m.id,
      actionId: 'a1',
      action: 'suspend',
      reason: 'spam',
      days: 3,
    });
    await bus.publish('report.resolved', { reporterIds: [m.id], what: 'reel', acted: false });
    // publish() settles once its listeners have: the notices are stored.
    const rows = await t.db.select().from(notifications).where(eq(notifications.userId, m.id));
    const texts = rows.map((r) => r.message);
    const n = ne.ServerTexts;
    expect(texts.sort()).toEqual(
      [
        n.notices.newSignIn('Firefox', n.devices.someSystem),
        ne.ModerationMessages.actionNotice(ne.ModerationMessages.actionDescriptions.suspend(3), 'spam'),
        ne.ModerationMessages.reportOutcome(n.reportKinds.reel, false),
      ].sort(),
    );
    for (const text of texts) expect(text).not.toMatch(/Moderators|sign-in|report|clip|unknown/);
    expect(rows.map((r) => r.actions[0]?.label)).toEqual(
      expect.arrayContaining([n.notices.reviewSecurity, n.notices.reviewOrAppeal]),
    );
  });

  it('an English member’s sign-in notice is the exact English', async () => {
    const m = await member('en', 'Ram');
    await t.app.deps.bus.publish('account.newDevice', { userId: m.id, browser: null, os: 'Linux' });
    const [row] = await t.db.select().from(notifications).where(eq(notifications.userId, m.id));
    expect(row?.message).toBe(
      'New sign-in to your account from a browser on Linux. If this was not you, reset your password.',
    );
    expect(row?.actions).toEqual([{ label: 'Review security', type: 'link', url: '/settings/security' }]);
  });

  it('saving preferences is answered in the member’s language on the socket', async () => {
    const nepali = await member('ne', 'Maya');
    const english = await member('en', 'Bikash');
    for (const [m, text] of [
      [nepali, ne.ServerTexts.notifications.prefsSaved],
      [english, 'Your notification preferences have been saved.'],
    ] as const) {
      const saved = nextEvent<{ success: boolean; message: string }>(m.socket, Events.notificationPreferencesUpdated);
      m.socket.emit(Events.updateNotificationPreferences, DEFAULT_NOTIFICATION_PREFERENCES);
      expect(await saved).toEqual({ success: true, message: text });
    }
  });
});
