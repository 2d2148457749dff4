/**
 * Mention and like spam: a burst from one member reaches another once. Driven through the engagement
 * service (the same calls the socket handlers make), with real notify(), jobs and outbox.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '@sajha/contract';
import { notifications } from '../../db/schema.js';
import { createUser, outbox, sessionCookie, startTestApp, type TestApp, type TestUser } from '../../../test/harness.js';
import { addComment, toggleLike } from '../engagement/index.js';
import { setPreferences } from './prefs.js';
import { notify, sendRollup } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

async function postBy(u: TestUser, content: string): Promise<string> {
  const form = new FormData();
  form.set('content', content);
  const res = await fetch(`${t.url}/api/createPost`, {
    method: 'POST',
    body: form,
    headers: { cookie: await sessionCookie(t.db, u.id) },
  });
  const body = (await res.json()) as { post: { post_id: string } };
  return body.post.post_id;
}

const rowsFor = (userId: string, type: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));
const mailsTo = async (u: TestUser) => (await outbox(t.dataDir)).filter((m) => m.to.includes(u.email));
/** Who acts, as the socket handlers name them. */
const actor = (u: TestUser) => ({ id: u.id, username: u.username, name: u.name, avatar: null });
const post = (id: string, author: TestUser) => ({ kind: 'post' as const, id, ownerId: author.id });

describe('notification coalescing', () => {
  it('40 comments naming the same member: one mention notice and one mail', async () => {
    const author = await createUser(t.db);
    const spammer = await createUser(t.db);
    const target = await createUser(t.db);
    const postId = await postBy(author, 'Sunrise at Nagarkot');
    for (let i = 0; i < 40; i++) {
      await addComment(t.app.deps, post(postId, author), actor(spammer), `look @${target.username} #${i}`);
    }
    expect(await rowsFor(target.id, 'mention')).toHaveLength(1);
    expect(await rowsFor(author.id, 'comment')).toHaveLength(1);
    const mails = await mailsTo(target);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.raw).toContain(`@${spammer.username} mentioned you in a comment`);
  });

  it('a like toggled 20 times: one notification', async () => {
    const author = await createUser(t.db);
    const fan = await createUser(t.db);
    const postId = await postBy(author, 'Momo night');
    for (let i = 0; i < 20; i++) await toggleLike(t.app.deps, post(postId, author), actor(fan));
    expect(await rowsFor(author.id, 'like')).toHaveLength(1);
    // Another member's like is news of its own.
    const other = await createUser(t.db);
    await toggleLike(t.app.deps, post(postId, author), actor(other));
    expect(await rowsFor(author.id, 'like')).toHaveLength(2);
  });

  it('mails a member at most once in a few minutes; the rest roll up into one later mail', async () => {
    const u = await createUser(t.db);
    await setPreferences(t.db, u.id, {
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      email: { ...DEFAULT_NOTIFICATION_PREFERENCES.email, like: true, comment: true },
    });
    const actors = await Promise.all([1, 2, 3, 4].map(() => createUser(t.db)));
    const outcomes = [];
    for (const [i, a] of actors.entries())
      outcomes.push(
        await notify(t.app.deps, u.id, {
          type: i % 2 ? 'like' : 'comment',
          message: `@${a.username} did thing ${i}`,
          actorId: a.id,
          tag: `thing:${i}`,
        }),
      );
    expect(outcomes.map((o) => o.emailQueued)).toEqual([true, false, false, false]);
    expect(outcomes.every((o) => o.notification)).toBe(true); // the bell still shows each one
    expect(await mailsTo(u)).toHaveLength(1);
    // One roll-up job waits for the window to pass; here it runs now.
    const [job] = (
      await t.app.deps.database.executeSql(
        "SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'notification.rollup' AND state = 'created' AND data->>'userId' = $1",
        [u.id],
      )
    ).rows as { n: number }[];
    expect(job!.n).toBe(1);
    expect(await sendRollup(t.app.deps, u.id)).toBe(true);
    const mails = await mailsTo(u);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toMatch(/3 new notifications/);
    for (const i of [1, 2, 3]) expect(mails[1]!.raw).toContain(`did thing ${i}`);
    expect(mails[1]!.raw).not.toContain('did thing 0'); // already had its own mail
    expect(await sendRollup(t.app.deps, u.id)).toBe(false); // nothing mailed twice
  });

  it('still sends security notices at once', async () => {
    const u = await createUser(t.db);
    await notify(t.app.deps, u.id, { type: 'system', message: 'first system notice' });
    const urgent = await notify(t.app.deps, u.id, { type: 'login', priority: 'high', message: 'New sign-in' });
    expect(urgent.emailQueued).toBe(true);
    expect(await mailsTo(u)).toHaveLength(2);
  });
});
