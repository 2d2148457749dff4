/**
 * The staff dashboard on a real server: members are refused; staff read figures that follow what members
 * did (posts and messages today, a post of three days ago on its own day, new and active members, reports
 * open and the age of the oldest, a job waiting and one failed, stored bytes) and the health of the database.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardAnswerSchema, DASHBOARD_DAYS, Events, ModerationMessages, type Dashboard } from '@sajha/contract';
import { files, posts, reports, sessions, users } from '../../db/schema.js';
import {
  ask,
  connectSocket,
  createUser,
  HttpClient,
  ok,
  sessionCookie,
  startTestApp,
  type TestApp,
  type TestSocket,
} from '../../../test/harness.js';
import { png } from '../../../test/media.js';

let t: TestApp;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  t = await startTestApp({ ADMIN_EMAILS: 'root@example.test' });
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await t?.close();
});

async function signedIn(over: { email?: string } = {}) {
  const u = await createUser(t.db, over);
  const cookie = await sessionCookie(t.db, u.id);
  const http = new HttpClient(t.url);
  http.cookies.set('sajha_sid', cookie.split('=')[1]!);
  return { ...u, cookie, http };
}

/** The first admin, by ADMIN_EMAILS. */
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  admin = await signedIn({ email: 'root@example.test' });
});

async function dashboardOf(http: HttpClient): Promise<Dashboard> {
  const res = await http.get('/api/admin/dashboard');
  expect(res.status).toBe(200);
  return dashboardAnswerSchema.parse(res.body);
}

async function postBy(cookie: string, content: string, image?: Buffer): Promise<string> {
  const form = new FormData();
  form.set('content', content);
  if (image) form.append('mediaFiles', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'a.png');
  const res = await fetch(`${t.url}/api/createPost`, { method: 'POST', body: form, headers: { cookie } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { post: { post_id: string } }).post.post_id;
}

/** The calendar day of `at` in the server's time zone, as the dashboard names days. */
const dayIn = (tz: string, at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
const DAY_MS = 24 * 3600 * 1000;

describe('staff dashboard', () => {
  it('requires sign-in, and refuses a member: only moderators and admins read it', async () => {
    expect((await new HttpClient(t.url).get('/api/admin/dashboard')).status).toBe(401);
    const m = await signedIn();
    const res = await m.http.get('/api/admin/dashboard');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(ModerationMessages.staffOnly);
    expect(res.body).not.toHaveProperty('members');

    const mod = await signedIn();
    await t.db.update(users).set({ role: 'moderator' }).where(eq(users.id, mod.id));
    expect((await mod.http.get('/api/admin/dashboard')).status).toBe(200);
  });

  it('counts what members made today and before, per day, in the server time zone', async () => {
    const before = await dashboardOf(admin.http);
    expect(before.days).toHaveLength(DASHBOARD_DAYS);
    expect(before.days.at(-1)!.day).toBe(dayIn(t.config.timeZone, new Date()));
    expect(before.timeZone).toBe(t.config.timeZone);

    const a = await signedIn();
    const b = await signedIn();
    await postBy(a.cookie, 'First post of the day');
    await postBy(b.cookie, 'Second post of the day');
    const old = await postBy(a.cookie, 'A post from three days ago');
    await t.db
      .update(posts)
      .set({ createdAt: new Date(Date.now() - 3 * DAY_MS) })
      .where(eq(posts.id, old));
    const sa = await connectSocket(t.url, a.cookie);
    sockets.push(sa);
    await ok(ask(sa, Events.sendMessage, { message: 'Namaste!', to_uid: b.id }));

    const after = await dashboardOf(admin.http);
    const today = after.days.at(-1)!;
    const was = before.days.at(-1)!;
    expect(today.posts - was.posts).toBe(2);
    expect(today.messages - was.messages).toBe(1);
    const threeDaysAgo = after.days.find((d) => d.day === dayIn(t.config.timeZone, new Date(Date.now() - 3 * DAY_MS)));
    const thenBefore = before.days.find((d) => d.day === threeDaysAgo?.day);
    expect(threeDaysAgo!.posts - thenBefore!.posts).toBe(1);
    expect(after.totals.posts - before.totals.posts).toBe(3);
    // Two new members, each signed in today.
    expect(after.members.total - before.members.total).toBe(2);
    expect(after.members.newToday - before.members.newToday).toBe(2);
    expect(today.newMembers - was.newMembers).toBe(2);
    expect(after.members.activeToday - before.members.activeToday).toBe(2);
  });

  it('counts a member last seen ten days ago as active this month only', async () => {
    const before = await dashboardOf(admin.http);
    const away = await signedIn();
    await t.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 10 * DAY_MS) })
      .where(eq(sessions.userId, away.id));
    const after = await dashboardOf(admin.http);
    expect(after.members.active30Days - before.members.active30Days).toBe(1);
    expect(after.members.active7Days - before.members.active7Days).toBe(0);
    expect(after.members.activeToday - before.members.activeToday).toBe(0);
  });

  it('shows open reports and how long the oldest has waited', async () => {
    const author = await signedIn();
    const postId = await postBy(author.cookie, 'Buy cheap followers now');
    const before = await dashboardOf(admin.http);
    expect(before.reports).toMatchObject({ open: 0, oldestOpenAt: null, oldestOpenAgeSeconds: null });

    for (const reporter of [await signedIn(), await signedIn()]) {
      const res = await reporter.http.post('/api/reports', { kind: 'post', id: postId, reason: 'spam' });
      expect(res.body).toMatchObject({ success: true });
    }
    const twoHoursAgo = new Date(Date.now() - 2 * 3600 * 1000);
    const [first] = await t.db.select({ id: reports.id }).from(reports).limit(1);
    await t.db.update(reports).set({ createdAt: twoHoursAgo }).where(eq(reports.id, first!.id));

    const after = await dashboardOf(admin.http);
    expect(after.reports.open).toBe(2);
    expect(after.reports.openItems).toBe(1);
    expect(new Date(after.reports.oldestOpenAt!).getTime()).toBe(twoHoursAgo.getTime());
    expect(after.reports.oldestOpenAgeSeconds).toBeGreaterThanOrEqual(7200);
    expect(after.reports.oldestOpenAgeSeconds).toBeLessThan(7200 + 60);
  });

  it('shows each job queue: a job waiting for later, and one that failed for good', async () => {
    const before = await dashboardOf(admin.http);
    const queue = (d: Dashboard) => d.jobs.find((q) => q.queue === 'calls.ringTimeout');
    expect(queue(before)).toBeDefined();

    await t.app.deps.jobs.send('calls.ringTimeout', { roomId: randomUUID() }, { delaySeconds: 3600 });
    const waiting = await dashboardOf(admin.http);
    expect(queue(waiting)!.scheduled - queue(before)!.scheduled).toBe(1);

    // As pg-boss leaves a job whose last retry failed.
    const gave = await t.app.deps.jobs.send('calls.ringTimeout', { roomId: randomUUID() }, { delaySeconds: 3600 });
    await t.app.deps.database.executeSql(
      `update pgboss.job set state = 'failed', completed_on = now() where name = 'calls.ringTimeout' and id = $1`,
      [gave],
    );
    const failed = await dashboardOf(admin.http);
    expect(queue(failed)!.failed - queue(before)!.failed).toBe(1);
    expect(queue(failed)!.scheduled - queue(before)!.scheduled).toBe(1);
  });

  it('adds up stored uploads, and says the database is up and Redis is not used', async () => {
    const before = await dashboardOf(admin.http);
    const author = await signedIn();
    await postBy(author.cookie, 'With a picture', await png(64, 64));
    const stored = await t.db
      .select({ bytes: sql<number>`sum(${files.bytes})::int`, n: sql<number>`count(*)::int` })
      .from(files)
      .where(eq(files.ownerId, author.id));
    expect(stored[0]!.n).toBeGreaterThan(0);

    const after = await dashboardOf(admin.http);
    expect(after.storage.files - before.storage.files).toBe(stored[0]!.n);
    expect(after.storage.bytes - before.storage.bytes).toBe(stored[0]!.bytes);
    expect(after.health.database.status).toBe('up');
    expect(after.health.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(after.health.redis).toEqual({ status: 'not-used', latencyMs: null });
  });
});
