import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES, Events, type NotificationDto } from '@sajha/contract';
import {
  ask,
  connectSocket,
  createUser,
  HttpClient,
  nextEvent,
  outbox,
  rawEmit,
  sessionCookie,
  startTestApp,
  type TestApp,
} from '../../../test/harness.js';
import { inQuietHours, setPreferences } from './prefs.js';
import { notify, sendDigests } from './service.js';

describe('notifications', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('requires sign-in', async () => {
    await expect(connectSocket(t.url)).rejects.toThrow(/unauthorized/);
  });

  it('reaches every tab of the member live, and nobody else', async () => {
    const u = await createUser(t.db);
    const other = await createUser(t.db);
    const cookie = await sessionCookie(t.db, u.id);
    const tab1 = await connectSocket(t.url, cookie);
    const tab2 = await connectSocket(t.url, await sessionCookie(t.db, u.id));
    const stranger = await connectSocket(t.url, await sessionCookie(t.db, other.id));
    let strangerGot = 0;
    stranger.on(Events.notification, () => strangerGot++);

    const live1 = nextEvent<NotificationDto>(tab1, Events.notification);
    const live2 = nextEvent<NotificationDto>(tab2, Events.notification);
    const count1 = nextEvent<{ count: number }>(tab1, Events.unreadCount);
    await notify(t.app.deps, u.id, {
      type: 'like',
      message: '@asha liked your post',
      actions: [{ label: 'View Details', type: 'link', url: '/view/1' }],
    });
    const [n1, n2] = await Promise.all([live1, live2]);
    expect(n1).toMatchObject({ type: 'like', message: '@asha liked your post', status: 'unread', isDigest: false });
    expect(n2._id).toBe(n1._id);
    expect((await count1).count).toBe(1);
    // The notification went out before the tabs got it; anything sent to the stranger then would
    // arrive before the answer to a question the stranger asks now, over the same connection.
    await ask(stranger, Events.getUnread);
    expect(strangerGot).toBe(0);
    [tab1, tab2, stranger].forEach((s) => s.close());
  });

  it('opening the panel lists newest first, marks all read on every tab, and stays read after reload', async () => {
    const u = await createUser(t.db);
    await notify(t.app.deps, u.id, { type: 'system', message: 'first' });
    await notify(t.app.deps, u.id, { type: 'comment', message: 'second' });
    const cookie = await sessionCookie(t.db, u.id);
    const tab1 = await connectSocket(t.url, cookie);
    expect(tab1.initialUnread).toBe(2);
    const tab2 = await connectSocket(t.url, cookie);

    const zeroOnOtherTab = nextEvent<{ count: number }>(tab2, Events.unreadCount);
    const list = nextEvent<NotificationDto[]>(tab1, Events.notifications);
    tab1.emit(Events.getNotifications);
    const items = await list;
    expect(items.map((i) => i.message)).toEqual(['second', 'first']);
    expect((await zeroOnOtherTab).count).toBe(0);

    tab1.close();
    tab2.close();
    const reloaded = await connectSocket(t.url, cookie);
    expect(reloaded.initialUnread).toBe(0);
    reloaded.close();
  });

  it('stores and honours preferences; a bad update is answered with success false', async () => {
    const u = await createUser(t.db);
    const s = await connectSocket(t.url, await sessionCookie(t.db, u.id));
    const got = nextEvent<{ preferences: unknown }>(s, Events.notificationPreferences);
    s.emit(Events.getNotificationPreferences);
    expect((await got).preferences).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);

    const prefs = {
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      email: { ...DEFAULT_NOTIFICATION_PREFERENCES.email, like: true },
      inApp: { all: true },
    };
    const saved = nextEvent<{ success: boolean }>(s, Events.notificationPreferencesUpdated);
    s.emit(Events.updateNotificationPreferences, prefs);
    expect((await saved).success).toBe(true);

    const bad = nextEvent<{ success: boolean; message: string }>(s, Events.notificationPreferencesUpdated);
    rawEmit(s, Events.updateNotificationPreferences, { email: 'yes please' });
    expect(await bad).toMatchObject({ success: false });

    const before = (await outbox(t.dataDir)).length;
    const outcome = await notify(t.app.deps, u.id, { type: 'like', message: 'Ram liked your post' });
    expect(outcome.emailQueued).toBe(true);
    await t.app.deps.jobs.idle('mail.send');
    const mails = await outbox(t.dataDir);
    expect(mails.length).toBe(before + 1);
    expect(mails.at(-1)!.raw).toContain('Ram liked your post');

    await setPreferences(t.db, u.id, { ...prefs, inApp: { all: false } });
    expect((await notify(t.app.deps, u.id, { type: 'comment', message: 'hidden' })).notification).toBeNull();
    s.close();
  });

  it('sends one daily digest instead of single mails to members who chose it', async () => {
    const u = await createUser(t.db, { name: 'Digest Reader' });
    await setPreferences(t.db, u.id, {
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      digest: true,
      email: { ...DEFAULT_NOTIFICATION_PREFERENCES.email, like: true },
    });
    const before = (await outbox(t.dataDir)).length;
    expect((await notify(t.app.deps, u.id, { type: 'like', message: 'Gita liked your post' })).emailQueued).toBe(false);
    await notify(t.app.deps, u.id, { type: 'mention', message: '@hari mentioned you' });
    expect((await outbox(t.dataDir)).length).toBe(before);
    expect(await sendDigests(t.app.deps)).toBeGreaterThanOrEqual(1);
    await t.app.deps.jobs.idle('mail.send');
    const digest = (await outbox(t.dataDir)).filter((m) => m.to.includes(u.email));
    expect(digest).toHaveLength(1);
    expect(digest[0]!.subject).toMatch(/2 new notifications/);
    expect(digest[0]!.raw).toContain('Gita liked your post');
    expect(await sendDigests(t.app.deps)).toBe(0); // not twice in one day
    const tomorrow = new Date(Date.now() + 25 * 60 * 60 * 1000);
    await notify(t.app.deps, u.id, { type: 'like', message: 'Later like' }, tomorrow);
    expect(await sendDigests(t.app.deps, tomorrow)).toBe(1);
  });

  it('tells a member about a sign-in from a new browser', async () => {
    const u = await createUser(t.db);
    const s = await connectSocket(t.url, await sessionCookie(t.db, u.id));
    const laptop = new HttpClient(t.url);
    await laptop.post('/api/auth/login', { email: u.email, password: u.password }); // first browser: remembered quietly
    await laptop.post('/api/auth/logout');
    await laptop.post('/api/auth/login', { email: u.email, password: u.password }); // same browser: nothing
    const live = nextEvent<NotificationDto>(s, Events.notification);
    const phone = new HttpClient(t.url);
    await phone.request(
      'POST',
      '/api/auth/login',
      { email: u.email, password: u.password },
      { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/130.0 Mobile Safari/537.36' },
    );
    const n = await live;
    expect(n.type).toBe('login');
    expect(n.message).toContain('Chrome on Android');
    s.close();
  });

  it('reads quiet hours in the configured time zone, across midnight too', () => {
    const prefs = { ...DEFAULT_NOTIFICATION_PREFERENCES, quietHours: { start: '22:00', end: '07:00' } };
    // 17:00 UTC is 22:45 in Kathmandu (UTC+5:45); 02:00 UTC is 07:45.
    expect(inQuietHours(prefs, new Date('2026-11-22T17:00:00Z'), 'Asia/Kathmandu')).toBe(true);
    expect(inQuietHours(prefs, new Date('2026-11-22T02:00:00Z'), 'Asia/Kathmandu')).toBe(false);
    expect(inQuietHours({ ...prefs, quietHours: { start: '', end: '' } }, new Date(), 'Asia/Kathmandu')).toBe(false);
  });
});
