/**
 * Trust and safety from end to end (issue 33), each person in their own browser: a member reports a post
 * and a chat message; a moderator finds both in the queue (the message with the messages around it),
 * removes the post and suspends its author; the author's open tabs leave at once and sign-in tells them
 * why and until when; the reporter is told the outcome; the audit log shows both actions; the author
 * appeals from the sign-in page and a second moderator reverses the suspension, after which they sign in.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Events, ModerationMessages, type ChatDto } from '@sajha/contract';
import { users } from '../apps/server/src/db/schema.js';
import { ask, createUser, ok, sessionCookie, type TestUser } from '../apps/server/test/harness.js';
import { expectAccessible } from './axe.js';
import { bubble } from './chatPages.js';
import { startE2E, type E2E } from './harness.js';

const ADMIN_EMAIL = 'root@trust.example';
const desktop = { width: 1440, height: 900 };
let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
});
afterAll(async () => {
  await e2e?.close();
});

const signedInPage = (user: TestUser) => e2e.signedInPage(user, desktop);
const socketOf = (user: TestUser) => e2e.socketOf(user);

async function postBy(user: TestUser, content: string): Promise<string> {
  const form = new FormData();
  form.set('content', content);
  const res = await fetch(`${e2e.baseUrl}/api/createPost`, {
    method: 'POST',
    body: form,
    headers: { cookie: await sessionCookie(e2e.db, user.id) },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { post: { post_id: string } }).post.post_id;
}

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const staffNav = (page: Page) => page.getByRole('navigation', { name: 'Staff' });
const text = (page: Page, t: string) => page.getByText(t, { exact: true });

async function signIn(page: Page, user: TestUser): Promise<void> {
  await page.goto('/signin');
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Picks an action on the report screen, fills its dialog and waits for the server's answer. */
async function act(page: Page, button: string, question: string, reason: string, done: string, days?: number) {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: question });
  if (days !== undefined) await dialog.getByRole('spinbutton', { name: 'Days' }).fill(String(days));
  await dialog.getByRole('textbox', { name: /Reason/ }).fill(reason);
  await dialog.getByRole('button', { name: button }).click();
  await text(page, done).first().waitFor();
  await dialog.waitFor({ state: 'detached' });
}

describe('trust and safety, end to end', () => {
  it('report → queue → remove and suspend → tabs drop, sign-in says why → reporter told → audit → appeal reversed', async () => {
    const tag = Date.now().toString(36);
    const author = await createUser(e2e.db, { name: 'Arjun Author', username: `arjun_${tag}` });
    const reporter = await createUser(e2e.db, { name: 'Rita Reporter', username: `rita_${tag}` });
    const mod1 = await createUser(e2e.db, { name: 'Mohan Moderator', username: `mohan_${tag}` });
    const mod2 = await createUser(e2e.db, { name: 'Maya Moderator', username: `maya_${tag}` });
    const admin = await createUser(e2e.db, { name: 'Root Admin', email: ADMIN_EMAIL });
    await e2e.db.update(users).set({ role: 'moderator' }).where(eq(users.id, mod1.id));
    await e2e.db.update(users).set({ role: 'moderator' }).where(eq(users.id, mod2.id));

    const postText = `You will all regret this ${tag}`;
    const postId = await postBy(author, postText);
    // A direct chat: the reporter says hello, the author answers with an insult and more.
    const rs = await socketOf(reporter);
    const as = await socketOf(author);
    const chat = await ok<ChatDto>(ask(rs, Events.startChat, { username: author.username }));
    await ok(ask(rs, Events.sendMessage, { message: 'Hello Arjun, about your post', to_cid: chat.id }));
    await ok(ask(as, Events.sendMessage, { message: `Shut up or else ${tag}`, to_cid: chat.id }));
    await ok(ask(as, Events.sendMessage, { message: 'I know where you live', to_cid: chat.id }));
    as.close();

    // The reporter reports the post from the feed and the message from the chat.
    const pr = await signedInPage(reporter);
    await pr.goto('/home');
    const card = pr.getByRole('article').filter({ hasText: postText });
    await card.getByRole('button', { name: 'More actions' }).click();
    await pr.getByRole('menuitem', { name: 'Report post' }).click();
    const reportPost = pr.getByRole('dialog', { name: 'Report post' });
    await reportPost.getByRole('radio', { name: 'Violence or threats' }).check();
    await reportPost.getByRole('textbox', { name: 'Note (optional)' }).fill('Threatening everyone');
    await reportPost.getByRole('button', { name: 'Submit' }).click();
    await text(pr, ModerationMessages.reportReceived).first().waitFor();
    await reportPost.waitFor({ state: 'detached' });

    await pr.goto(`/message/@${author.username}`);
    await bubble(pr, `Shut up or else ${tag}`).getByRole('button', { name: 'Message options' }).click();
    await pr.getByRole('menuitem', { name: 'Report message' }).click();
    const reportMessage = pr.getByRole('dialog', { name: 'Report message' });
    await reportMessage.getByRole('radio', { name: 'Harassment or bullying' }).check();
    await reportMessage.getByRole('button', { name: 'Submit' }).click();
    await reportMessage.waitFor({ state: 'detached' });
    await pr.goto('/home');

    // The author has two tabs open.
    const tab1 = await signedInPage(author);
    const tab2 = await tab1.context().newPage();
    await tab1.goto('/home');
    await tab2.goto('/friends');
    await tab1.getByRole('navigation', { name: 'Main' }).waitFor();
    await tab2.getByRole('navigation', { name: 'Main' }).waitFor();

    // The first moderator sees both in the queue; the message with the messages around it.
    const pm = await signedInPage(mod1);
    await pm.goto('/admin/reports');
    await heading(pm, 'Reports').waitFor();
    const postGroup = pm.getByRole('article', { name: `Post by @${author.username}` });
    const messageGroup = pm.getByRole('article', { name: `Message by @${author.username}` });
    await postGroup.getByText(postText).waitFor();
    await messageGroup.getByText(`Shut up or else ${tag}`).waitFor();
    await expectAccessible(pm);
    await messageGroup.getByRole('link', { name: `Review chat message by @${author.username}` }).click();
    await heading(pm, `Message by @${author.username}`).waitFor();
    await pm.getByText('Hello Arjun, about your post').waitFor();
    await pm.getByText('I know where you live').waitFor();

    // The post: removed; its author: suspended for 3 days.
    await pm.goto(`/admin/reports/post/${postId}`);
    await heading(pm, `Post by @${author.username}`).waitFor();
    await pm.getByText('Threatening everyone').waitFor();
    await act(pm, 'Remove', 'Remove this post?', 'Threats', 'Removed. Members now see "Removed by moderators".');
    await act(
      pm,
      'Suspend',
      `Suspend @${author.username}?`,
      'Threats of violence',
      'Suspended for 3 days; their sessions have ended.',
      3,
    );

    // The author's two tabs leave for the sign-in page at once.
    await tab1.waitForURL('**/signin**');
    await tab2.waitForURL('**/signin**');
    // Sign-in says why and until when.
    await signIn(tab1, author);
    const sanction = tab1.getByTestId('sanction-message');
    await sanction.waitFor();
    expect(await sanction.textContent()).toMatch(
      /^Your account is suspended until \d{1,2} \w+ \d{4} at \d{2}:\d{2}: Threats of violence$/,
    );

    // The reporter is told the outcome: it is in their notifications.
    await pr
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: /Notifications/ })
      .click();
    await pr
      .getByRole('dialog', { name: /Notifications/ })
      .getByText(ModerationMessages.reportOutcome('post', true))
      .waitFor();

    // The admin reads both actions in the audit log.
    const pa = await signedInPage(admin);
    await pa.goto(`/admin/audit?member=${author.username}`);
    const log = pa.getByRole('table', { name: 'Audit log' });
    await log.getByRole('row').filter({ hasText: 'Threats of violence' }).filter({ hasText: 'Suspend' }).waitFor();
    await log.getByRole('row').filter({ hasText: 'Threats' }).filter({ hasText: 'Remove' }).waitFor();
    await expectAccessible(pa);

    // The author appeals from the sign-in page; the second moderator reverses the suspension.
    await tab1.getByRole('button', { name: 'Appeal this decision' }).click();
    const appeal = tab1.getByRole('dialog', { name: 'Appeal this decision' });
    await appeal.getByRole('textbox', { name: 'Why was this wrong?' }).fill('It was a line from a film.');
    await appeal.getByRole('button', { name: 'Send appeal' }).click();
    await appeal.getByText(ModerationMessages.appealReceived).waitFor();
    await appeal.getByRole('button', { name: 'Close' }).click();

    const pm2 = await signedInPage(mod2);
    await pm2.goto('/admin/appeals');
    const open = pm2.getByRole('article', { name: `@${author.username} appeals: Suspend` });
    await open.getByText('It was a line from a film.').waitFor();
    await open.getByRole('textbox', { name: /Reason/ }).fill('Quoted a film');
    await open.getByRole('button', { name: 'Reverse' }).click();
    await pm2.getByText('No open appeals').waitFor();
    await staffNav(pm2).waitFor();

    // Now the author signs in.
    await signIn(tab1, author);
    await tab1.waitForURL('**/home');
    await tab1.getByRole('navigation', { name: 'Main' }).waitFor();
  }, 180_000);
});
