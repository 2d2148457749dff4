/**
 * The staff screens (issue 33) as staff and members meet them: a member who opens /admin gets the
 * not-found page and no "Admin" entry; an admin makes a member a moderator on the Members screen; the
 * moderator finds a reported post in the queue as the reporter saw it, removes it with a reason, and
 * cannot decide the appeal against their own action; the admin reads the action in the audit log.
 * Every staff screen passes axe at 1440 px, and the queue works at 390 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { Messages, ModerationMessages } from '@sajha/contract';
import { createUser, sessionCookie, type TestUser } from '../apps/server/test/harness.js';
import { expectAccessible } from './axe.js';
import { startE2E, type E2E, type Viewport } from './harness.js';

const ADMIN_EMAIL = 'root@sajha.example';
const desktop = { width: 1440, height: 900 };
const phone = { width: 390, height: 844 };

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
});
afterAll(async () => {
  await e2e?.close();
});

async function signedInPage(user: TestUser, viewport: Viewport = desktop): Promise<Page> {
  const page = await e2e.newPage(viewport);
  const [name, value] = (await sessionCookie(e2e.db, user.id, true)).split('=');
  await page.context().addCookies([{ name: name!, value: value!, url: e2e.baseUrl, httpOnly: true, sameSite: 'Lax' }]);
  return page;
}

/** A member's HTTP call with their session cookie (what their browser would send). */
async function apiAs(user: TestUser, method: string, path: string, body?: unknown) {
  const res = await fetch(`${e2e.baseUrl}${path}`, {
    method,
    headers: {
      cookie: await sessionCookie(e2e.db, user.id),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function createPost(user: TestUser, content: string): Promise<string> {
  const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#c62828' } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.set('content', content);
  form.append('mediaFiles', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
  const res = await fetch(`${e2e.baseUrl}/api/createPost`, {
    method: 'POST',
    body: form,
    headers: { cookie: await sessionCookie(e2e.db, user.id) },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { post: { post_id: string } }).post.post_id;
}

const staffNav = (page: Page) => page.getByRole('navigation', { name: 'Staff' });
const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const toast = (page: Page, text: string) =>
  page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: text });

describe('staff screens', () => {
  it('a member who opens /admin gets the not-found page, and their sidebar has no Admin entry', async () => {
    const member = await createUser(e2e.db, { name: 'Maya Member' });
    const page = await signedInPage(member);
    const asked = page.waitForResponse((r) => r.url().endsWith('/api/admin/me'));
    await page.goto('/home');
    expect(await (await asked).json()).toEqual({ success: true, role: 'member' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Settings' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Admin' }).count()).toBe(0);

    await page.goto('/admin/reports');
    await page.getByRole('heading', { name: Messages.notFound }).waitFor();
    expect(await page.getByText('Sajha admin').count()).toBe(0);
    await expect.poll(() => page.title()).toBe(`${Messages.notFound} - Sajha`);

    // On a phone as well.
    const small = await signedInPage(member, phone);
    await small.goto('/admin');
    await small.getByRole('heading', { name: Messages.notFound }).waitFor();
    expect(await small.getByRole('button', { name: 'Open staff menu' }).count()).toBe(0);
  });

  it('an admin grants a moderator; the moderator removes a reported post; the audit log shows it', async () => {
    const admin = await createUser(e2e.db, { name: 'Root Admin', email: ADMIN_EMAIL });
    const mod = await createUser(e2e.db, { name: 'Mina Moderator' });
    const author = await createUser(e2e.db, { name: 'Sunil Spammer' });
    const reporter = await createUser(e2e.db, { name: 'Rita Reporter' });
    const text = 'Buy cheap followers now at followers.example, best prices in Kathmandu';
    const postId = await createPost(author, text);
    const report = await apiAs(reporter, 'POST', '/api/reports', {
      kind: 'post',
      id: postId,
      reason: 'spam',
      note: 'Selling followers again',
    });
    expect(report.body).toEqual({ success: true, message: ModerationMessages.reportReceived });

    // The admin reaches the staff screens from the sidebar's last entry.
    const pa = await signedInPage(admin);
    await pa.goto('/home');
    const main = pa.getByRole('navigation', { name: 'Main' });
    await main.getByRole('link', { name: 'Admin' }).click();
    await pa.waitForURL('**/admin');
    await staffNav(pa).getByRole('link', { name: 'Audit log' }).waitFor();
    await expectAccessible(pa);

    // Members: the admin makes the member a moderator, after a confirmation.
    await staffNav(pa).getByRole('link', { name: 'Members' }).click();
    await heading(pa, 'Members').waitFor();
    await expect.poll(() => pa.title()).toBe('Members - Sajha admin');
    await pa.getByRole('searchbox', { name: 'Name or username' }).fill(mod.username);
    await pa.waitForURL(`**/admin/members?q=${mod.username}`);
    const role = pa.getByRole('combobox', { name: `Role of @${mod.username}` });
    await role.selectOption('moderator');
    const confirm = pa.getByRole('dialog', { name: `Make @${mod.username} a moderator?` });
    await confirm.getByRole('button', { name: 'Make moderator' }).click();
    await toast(pa, 'Role set to moderator.').waitFor();
    await expect.poll(() => role.inputValue()).toBe('moderator');
    await expectAccessible(pa);

    // The moderator works the queue: the post as the reporter saw it, with its picture.
    const pm = await signedInPage(mod);
    await pm.goto('/admin/reports');
    await heading(pm, 'Reports').waitFor();
    await expect.poll(() => pm.title()).toBe('Reports - Sajha admin');
    const group = pm.getByRole('article', { name: `Post by @${author.username}` });
    await group.getByText(text).waitFor();
    await group.getByText('Spam', { exact: true }).waitFor();
    await group.getByText('1 report', { exact: true }).waitFor();
    await group.getByText('Unassigned', { exact: false }).waitFor();
    await group.getByRole('img', { name: /Image 1/ }).waitFor();
    expect(await staffNav(pm).getByRole('link', { name: 'Audit log' }).count()).toBe(0);
    await expectAccessible(pm);

    // Filters live in the URL: nothing is older than a day yet.
    await pm.getByRole('combobox', { name: 'Older than' }).selectOption('24');
    await pm.waitForURL('**/admin/reports?older=24');
    await pm.getByText('No open reports').waitFor();
    await pm.goBack();
    await group.waitFor();

    await group.getByRole('link', { name: `Review post by @${author.username}` }).click();
    await pm.waitForURL(`**/admin/reports/post/${postId}`);
    await heading(pm, `Post by @${author.username}`).waitFor();
    await pm.getByText('Selling followers again').waitFor();
    await pm.getByRole('button', { name: 'Assign to me' }).click();
    await toast(pm, 'Assigned to you.').waitFor();
    await pm.getByText(`Assigned to @${mod.username}`).waitFor();
    await expectAccessible(pm);

    // Remove it: the reason is required; the server's answer is the toast; the page follows.
    await pm.getByRole('button', { name: 'Remove', exact: true }).click();
    const dialog = pm.getByRole('dialog', { name: 'Remove this post?' });
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await dialog.getByText(ModerationMessages.reasonNeeded).waitFor();
    await expectAccessible(pm);
    await dialog.getByRole('textbox', { name: /Reason/ }).fill('Spam links');
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await toast(pm, 'Removed. Members now see "Removed by moderators".').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await pm.getByRole('button', { name: 'Restore', exact: true }).waitFor();
    await pm.getByText('Resolved', { exact: true }).waitFor();
    await pm.getByText('Reason: Spam links').waitFor();
    // Staff may not act on staff: the server says so, and the screen shows its words.
    const staffPost = await createPost(admin, 'An admin post');
    await apiAs(reporter, 'POST', '/api/reports', { kind: 'post', id: staffPost, reason: 'other' });
    await pm.goto(`/admin/reports/post/${staffPost}`);
    await pm.getByRole('button', { name: 'Warn' }).click();
    const warn = pm.getByRole('dialog', { name: `Warn @${admin.username}?` });
    await warn.getByRole('textbox', { name: /Reason/ }).fill('Testing');
    await warn.getByRole('button', { name: 'Warn' }).click();
    // The dialog stays open with the server's words (the toast says them too, behind the dialog).
    await warn.getByRole('alert').filter({ hasText: ModerationMessages.notStaffTarget }).waitFor();
    await warn.getByRole('button', { name: 'Cancel' }).click();

    // The author appeals; the moderator who acted cannot decide it, the admin can.
    const mine = await apiAs(author, 'GET', '/api/moderation/mine');
    const removal = (mine.body.actions as { id: string }[])[0]!;
    const appealed = await apiAs(author, 'POST', '/api/appeals', { actionId: removal.id, text: 'It was a joke.' });
    expect(appealed.body).toMatchObject({ success: true });
    await staffNav(pm).getByRole('link', { name: 'Appeals' }).click();
    const appeal = pm.getByRole('article', { name: `@${author.username} appeals: Remove` });
    await appeal.getByText('It was a joke.').waitFor();
    await appeal.getByText('Spam links').waitFor();
    await expectAccessible(pm);
    await appeal.getByRole('button', { name: 'Reverse' }).click();
    await toast(pm, ModerationMessages.appealSameStaff).waitFor();
    await appeal.waitFor(); // still open

    await staffNav(pa).getByRole('link', { name: 'Appeals' }).click();
    const adminAppeal = pa.getByRole('article', { name: `@${author.username} appeals: Remove` });
    await adminAppeal.getByRole('textbox', { name: /Reason/ }).fill('Clear spam');
    await adminAppeal.getByRole('button', { name: 'Uphold' }).click();
    await toast(pa, 'The action stands.').waitFor();
    await pa.getByText('No open appeals').waitFor();
    await expectAccessible(pa);

    // The audit log: who removed what of whom and why; filtered by action in the URL.
    await staffNav(pa).getByRole('link', { name: 'Audit log' }).click();
    await heading(pa, 'Audit log').waitFor();
    const log = pa.getByRole('table', { name: 'Audit log' });
    const removed = log.getByRole('row').filter({ hasText: 'Spam links' });
    await removed.waitFor();
    expect(await removed.getByRole('cell').allInnerTexts()).toEqual([
      expect.any(String),
      `@${mod.username}`,
      'Remove',
      `Post ${postId.slice(0, 8)}`,
      `@${author.username}`,
      'Spam links',
    ]);
    await log
      .getByRole('row')
      .filter({ hasText: 'Change role · Moderator' })
      .filter({ hasText: `@${mod.username}` })
      .waitFor();
    await expectAccessible(pa);
    await pa.getByRole('combobox', { name: 'Action' }).selectOption('grant-role');
    await pa.getByRole('button', { name: 'Filter' }).click();
    await pa.waitForURL('**/admin/audit?action=grant-role');
    await expect.poll(() => log.getByRole('row').filter({ hasText: 'Spam links' }).count()).toBe(0);
    await log.getByRole('row').filter({ hasText: 'Change role · Moderator' }).first().waitFor();

    // A moderator has no audit log: the server refuses, the screen says why.
    await pm.goto('/admin/audit');
    await pm.getByText(ModerationMessages.adminOnly).waitFor();

    // At 390 px: the menu button opens the staff navigation; the queue and the report read well.
    const phonePage = await signedInPage(mod, phone);
    await phonePage.goto('/admin/reports?status=resolved');
    await phonePage.getByRole('article', { name: `Post by @${author.username}` }).waitFor();
    await expectAccessible(phonePage);
    await phonePage.getByRole('button', { name: 'Open staff menu' }).click();
    await staffNav(phonePage).getByRole('link', { name: 'Members' }).click();
    await heading(phonePage, 'Members').waitFor();
    await phonePage.goto(`/admin/reports/post/${postId}`);
    await heading(phonePage, `Post by @${author.username}`).waitFor();
    await expectAccessible(phonePage);
    const wide = await phonePage.evaluate(() => document.documentElement.scrollWidth);
    expect(wide).toBeLessThanOrEqual(phone.width);
  }, 180_000);
});
