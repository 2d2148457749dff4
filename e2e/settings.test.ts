/**
 * Settings as members meet them, each in their own browser context: name and username, personal
 * fields, social links, the avatar through the crop dialog (seen in the sidebar and on a group chat
 * bubble of another member), a password change that signs out a second context of the same member,
 * notification preferences that stop a mail, two-factor sign-in, and signing out another session.
 */
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Events, Messages, SettingsText } from '@sajha/contract';
import { users } from '../apps/server/src/db/schema.js';
import { getPreferences } from '../apps/server/src/features/notifications/prefs.js';
import { resolveUsername } from '../apps/server/src/platform/usernames.js';
import {
  connectSocket,
  createUser,
  sessionCookie,
  type TestSocket,
  type TestUser,
} from '../apps/server/test/harness.js';
import { expectAccessible } from './axe.js';
import { readOutbox, startE2E, waitForMail, type E2E } from './harness.js';

let e2e: E2E;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await e2e?.close();
});

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

async function signedInPage(user: TestUser, viewport = DESKTOP): Promise<Page> {
  const page = await e2e.newPage(viewport);
  const [name, value] = (await sessionCookie(e2e.db, user.id, true)).split('=');
  await page.context().addCookies([{ name: name!, value: value!, url: e2e.baseUrl, httpOnly: true, sameSite: 'Lax' }]);
  return page;
}

async function socketOf(user: TestUser): Promise<TestSocket> {
  const s = await connectSocket(e2e.baseUrl, await sessionCookie(e2e.db, user.id, true));
  sockets.push(s);
  return s;
}

const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: text });
/** The sidebar: the main navigation and the profile block below it. */
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main' }).locator('xpath=../..');

async function openTab(page: Page, tab: string, label: string): Promise<void> {
  await page.goto(`/settings/${tab}`);
  await page.getByRole('heading', { name: label, level: 2 }).waitFor();
}

describe('settings', () => {
  it('menu: desktop shows a placeholder, a phone shows only the menu until a section is chosen', async () => {
    const a = await createUser(e2e.db, { name: 'Menu Member' });
    const desk = await signedInPage(a);
    await desk.goto('/settings');
    await desk.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await desk.getByText('Choose a section to change your settings.').waitFor();
    expect(await desk.title()).toBe('Settings - Sajha');
    await expectAccessible(desk);
    await desk.screenshot({ path: 'e2e/artifacts/settings-desktop-menu.png' });

    const phone = await signedInPage(a, PHONE);
    await phone.goto('/settings');
    const menu = phone.getByRole('navigation', { name: 'Settings sections' });
    await menu.waitFor();
    expect(await phone.getByText('Choose a section to change your settings.').count()).toBe(0);
    await menu.getByRole('link', { name: /Personal/ }).click();
    await phone.getByRole('heading', { name: 'Personal', level: 2 }).waitFor();
    expect(await menu.count()).toBe(0);
    await phone.getByRole('textbox', { name: 'Date of birth' }).waitFor();
    await expectAccessible(phone);
    await phone.screenshot({ path: 'e2e/artifacts/settings-phone-personal.png' });
  });

  it('account, personal and social: saved with toasts; the old username still resolves; a platform only once', async () => {
    const tag = Date.now().toString(36);
    const a = await createUser(e2e.db, { name: 'Asha Gurung', username: `asha_${tag}` });
    const page = await signedInPage(a);
    await openTab(page, 'account', 'Account');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Asha G. Rai');
    await page.getByRole('textbox', { name: 'Username' }).fill(`asha_rai_${tag}`);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, Messages.profile.updated).waitFor();
    await sidebar(page).getByText(`@asha_rai_${tag}`).waitFor();
    await expectAccessible(page);
    await sidebar(page).getByText('Asha G. Rai').waitFor();
    expect((await resolveUsername(e2e.db, `asha_${tag}`))?.id).toBe(a.id);
    // Another member following an old link /u/@old lands on the renamed profile.
    const visitor = await signedInPage(await createUser(e2e.db));
    await visitor.goto(`/u/@asha_${tag}`);
    await visitor.getByText(`@asha_rai_${tag}`).first().waitFor();
    await visitor.getByText('Asha G. Rai').first().waitFor();

    // A username someone else has: "Update Failed" with the server's message.
    const other = await createUser(e2e.db);
    await page.getByRole('textbox', { name: 'Username' }).fill(other.username);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, SettingsText.usernameTaken).waitFor();
    await toast(page, Messages.profile.updateFailed).waitFor();

    await openTab(page, 'personal', 'Personal');
    const email = page.getByRole('textbox', { name: 'Email' });
    expect(await email.inputValue()).toBe(a.email);
    expect(await email.getAttribute('readonly')).not.toBeNull();
    await page.getByText('YYYY/MM/DD').first().waitFor();
    await expectAccessible(page);
    await page.getByRole('textbox', { name: 'Phone' }).fill('+977 9812345678');
    await page.getByRole('textbox', { name: 'Location' }).fill('Pokhara');
    await page.getByRole('textbox', { name: 'Bio' }).fill('Trekker and tea lover');
    await page.getByRole('textbox', { name: 'Date of birth' }).fill('1995/04/12');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, Messages.profile.updated).waitFor();
    await page.reload();
    await page.getByRole('textbox', { name: 'Location' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Location' }).inputValue()).toBe('Pokhara');
    expect(await page.getByRole('textbox', { name: 'Date of birth' }).inputValue()).toBe('1995/04/12');

    await openTab(page, 'social', 'Social');
    const add = page.getByRole('button', { name: 'Add', exact: true });
    await page.getByRole('textbox', { name: 'Handle or link' }).fill('asha-dev');
    expect(await add.isDisabled()).toBe(true); // no platform picked yet
    await expectAccessible(page);
    await page.getByRole('combobox', { name: 'Platform' }).click();
    await page.getByRole('option', { name: 'GitHub' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('option', { name: 'GitHub' }).click();
    await add.click();
    await toast(page, Messages.profile.updated).waitFor();
    const links = page.getByRole('list', { name: 'Your social links' });
    await links.getByText('asha-dev').waitFor();
    // GitHub is no longer offered: a platform is added once.
    await page.getByRole('combobox', { name: 'Platform' }).click();
    await page.getByRole('option', { name: 'Website' }).waitFor();
    expect(await page.getByRole('option', { name: 'GitHub' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Remove GitHub' }).click();
    await page.getByText('No social links yet. Add one below.').waitFor();
  });

  it('avatar: crop dialog (zoom 1-3, Save only after Crop), then the new picture in the sidebar and on a chat bubble another member sees', async () => {
    const tag = Date.now().toString(36);
    const a = await createUser(e2e.db, { name: 'Avatar Asha', username: `ava_${tag}` });
    const b = await createUser(e2e.db, { name: 'Bikash Thapa', username: `bik_${tag}` });
    const c = await createUser(e2e.db, { name: 'Chandra Rai', username: `cha_${tag}` });
    const page = await signedInPage(a);
    await openTab(page, 'account', 'Account');
    await page.getByRole('button', { name: 'Change profile picture' }).click();
    const dialog = page.getByRole('dialog', { name: 'Profile picture' });
    const save = dialog.getByRole('button', { name: 'Save' });
    const picture = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#d35400' } })
      .png()
      .toBuffer();
    await dialog.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture });
    const zoom = dialog.getByRole('slider', { name: 'Zoom' });
    await zoom.waitFor();
    expect([await zoom.getAttribute('min'), await zoom.getAttribute('max'), await zoom.getAttribute('step')]).toEqual([
      '1',
      '3',
      '0.01',
    ]);
    expect(await save.isDisabled()).toBe(true);
    await expectAccessible(page);
    await zoom.focus();
    await page.keyboard.press('ArrowRight');
    await dialog.getByRole('button', { name: 'Crop' }).click();
    await dialog.getByRole('img', { name: 'Preview of the new picture' }).waitFor();
    expect(await save.isEnabled()).toBe(true);
    await expectAccessible(page);
    await page.screenshot({ path: 'e2e/artifacts/settings-avatar-crop.png' });
    await save.click();
    await toast(page, Messages.profile.updated).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const [row] = await e2e.db.select({ avatar: users.avatar }).from(users).where(eq(users.id, a.id));
    expect(row?.avatar).toMatch(/^\/media\/avatar\/[a-z0-9]+-512\.webp$/);
    await sidebar(page).locator(`img[src="${row!.avatar}"]`).waitFor();

    // B sees the new picture on A's bubble in their group chat.
    const bs = await socketOf(b);
    const as = await socketOf(a);
    const group = (await bs.emitWithAck(Events.startGroupChat, {
      groupName: `Trek ${tag}`,
      userIds: [a.id, c.id],
    })) as {
      ok: boolean;
      data: { chatId: string };
    };
    expect(group.ok).toBe(true);
    const sent = (await as.emitWithAck(Events.sendMessage, { message: 'New picture!', to_cid: group.data.chatId })) as {
      ok: boolean;
    };
    expect(sent.ok).toBe(true);
    const pb = await signedInPage(b);
    await pb.goto('/message');
    await pb.getByRole('button', { name: `Chat with Trek ${tag}` }).click();
    const bubble = pb.locator('[data-message-id]', { hasText: 'New picture!' });
    await bubble.locator(`img[src="${row!.avatar}"]`).waitFor();
  });

  it('password: a wrong old one is refused; a change signs out the second context of the same member', async () => {
    const a = await createUser(e2e.db, { name: 'Pass Word', password: 'OldPass123' });
    const [p1, p2] = await Promise.all([signedInPage(a), signedInPage(a)]);
    await p2.goto('/home');
    await p2.getByRole('navigation', { name: 'Main' }).waitFor();
    await openTab(p1, 'security', 'Security');
    const current = p1.getByLabel('Current password');
    const fresh = p1.getByLabel('New password', { exact: true });
    const confirm = p1.getByLabel('Confirm new password');
    await fresh.fill('weakpass');
    await p1.getByText(Messages.settings.newPasswordRule).waitFor();
    await fresh.fill('NewPass123');
    await confirm.fill('NewPass12');
    await p1.getByText(Messages.settings.newPasswordMismatch, { exact: true }).waitFor();
    await confirm.fill('NewPass123');
    await current.fill('WrongOld99');
    await p1.getByRole('button', { name: 'Change password' }).click();
    await toast(p1, SettingsText.oldPasswordWrong).waitFor();
    expect(p2.url()).toContain('/home');

    await current.fill('OldPass123');
    await p1.getByRole('button', { name: 'Change password' }).click();
    await toast(p1, Messages.profile.updated).waitFor();
    // The other context's socket is dropped and it lands on the sign-in page by itself.
    await p2.waitForURL(/\/signin/, { timeout: 5000 });
    expect(p1.url()).toContain('/settings/security');
    await waitForMail(e2e.dataDir, a.email, 5000, { subject: /password was changed/ });
  });

  it('notifications: turning a type off stops its mail', async () => {
    const a = await createUser(e2e.db, { name: 'Commenter' });
    const b = await createUser(e2e.db, { name: 'Poster Bee' });
    const form = new FormData();
    form.set('content', 'Sunrise over Phewa');
    const res = await fetch(`${e2e.baseUrl}/api/createPost`, {
      method: 'POST',
      body: form,
      headers: { cookie: await sessionCookie(e2e.db, b.id) },
    });
    const postId = ((await res.json()) as { post: { post_id: string } }).post.post_id;
    const as = await socketOf(a);

    const page = await signedInPage(b);
    await openTab(page, 'notifications', 'Notifications');
    const comments = page.getByRole('group', { name: 'Email' }).getByRole('switch', { name: 'Comments' });
    await comments.waitFor();
    await expectAccessible(page);
    await comments.check();
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await toast(page, Messages.settings.prefsUpdated).waitFor();
    let since = Date.now();
    await as.emitWithAck(Events.addComment, { postId, comment: 'Beautiful!' });
    await waitForMail(e2e.dataDir, b.email, 5000, { since });

    await comments.uncheck();
    await page.getByRole('button', { name: 'Save preferences' }).click();
    // Saved on the server (the toast of the first save may still be on screen, so ask the database).
    await expect.poll(async () => (await getPreferences(e2e.db, b.id)).email.comment, { timeout: 10_000 }).toBe(false);
    since = Date.now();
    // The ack comes after notify() has decided on mail; the mail itself is a job, so wait for the queue.
    await as.emitWithAck(Events.addComment, { postId, comment: 'Still beautiful!' });
    await e2e.app.deps.jobs.idle('mail.send');
    const after = (await readOutbox(e2e.dataDir)).filter((m) => m.to.includes(b.email) && m.sentAt >= since);
    expect(after).toHaveLength(0);
    await page.reload();
    await page.getByRole('group', { name: 'Email' }).waitFor();
    expect(await page.getByRole('group', { name: 'Email' }).getByRole('switch', { name: 'Comments' }).isChecked()).toBe(
      false,
    );
  });

  it('two-factor: turned on with a code, then the next sign-in asks for one', async () => {
    const a = await createUser(e2e.db, { name: 'Two Factor', password: 'TwoFactor1' });
    // A phone's screen less the browser's bars: the QR code appears below the button, under the fold.
    const page = await signedInPage(a, { width: 390, height: 664 });
    await openTab(page, 'security', 'Security');
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    const qr = page.getByRole('img', { name: 'Two-factor set-up QR code' });
    await qr.waitFor();
    // It is brought into view whole, and the code field (what comes next) has the focus.
    await expect
      .poll(() =>
        qr.evaluate((el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().bottom <= innerHeight),
      )
      .toBe(true);
    const codeField = page.getByRole('textbox', { name: 'Code from the app' });
    expect(await codeField.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectAccessible(page);
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
    await codeField.fill(totp.generate());
    await page.getByRole('button', { name: 'Confirm' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' });
    await codes.waitFor();
    expect(await codes.getByRole('listitem').count()).toBe(10);
    await expectAccessible(page);
    await page.screenshot({ path: 'e2e/artifacts/settings-2fa-codes.png' });

    const fresh = await e2e.newPage(DESKTOP);
    await fresh.goto('/signin');
    await fresh.getByRole('textbox', { name: 'Email' }).fill(a.email);
    await fresh.getByLabel('Password').fill('TwoFactor1');
    await fresh.getByRole('button', { name: 'Sign in', exact: true }).click();
    const codeBox = fresh.getByRole('textbox', { name: 'Authentication code' });
    await codeBox.waitFor();
    await codeBox.fill('000000');
    await fresh.getByRole('button', { name: 'Verify' }).click();
    await fresh.getByText(SettingsText.twoFactorCodeWrong).waitFor();
    // The code that turned it on is spent; the next step's code is within the drift window.
    await codeBox.fill(totp.generate({ timestamp: Date.now() + 30_000 }));
    await fresh.getByRole('button', { name: 'Verify' }).click();
    await fresh.waitForURL(/\/home/);
  });

  it('axe: the remaining sections, the delete-account dialog and a toast, in light and in dark mode', async () => {
    const a = await createUser(e2e.db, { name: 'Axe Member', password: 'AxeMember1' });
    const phone = await signedInPage(a, PHONE);
    // The spinner while a section's code is on its way.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await phone.route(/\/assets\/SecurityTab-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await phone.goto('/settings/security');
    await phone.getByRole('status', { name: 'Loading settings' }).waitFor();
    await expectAccessible(phone);
    release();
    // A section whose code is here but whose data is not: the skeleton while the privacy settings are on their way.
    let releaseData!: () => void;
    const dataHeld = new Promise<void>((resolve) => (releaseData = resolve));
    await phone.route('**/api/settings/privacy', async (route) => {
      await dataHeld;
      await route.continue();
    });
    await openTab(phone, 'privacy', 'Privacy');
    await phone.getByLabel('Loading privacy settings').waitFor();
    await expectAccessible(phone);
    releaseData();
    await phone.unroute('**/api/settings/privacy');
    for (const [tab, label] of [
      ['security', 'Security'],
      ['privacy', 'Privacy'],
      ['safety', 'Safety'],
      ['language', 'Language and region'],
    ] as const) {
      await openTab(phone, tab, label);
      await expectAccessible(phone);
    }

    // Dark mode, chosen as a member does: contained and filled colours keep 4.5:1 there too.
    const desk = await signedInPage(a);
    await openTab(desk, 'account', 'Account');
    await desk.getByRole('button', { name: 'Switch to dark mode' }).click();
    await desk.getByRole('button', { name: 'Switch to light mode' }).waitFor();
    for (const dark of [true, false]) {
      await expectAccessible(desk);
      await desk.getByRole('button', { name: 'Delete my account' }).click();
      const dialog = desk.getByRole('dialog', { name: 'Delete your account?' });
      await dialog.getByLabel('Password').fill('NotMine123');
      await expectAccessible(desk);
      await dialog.getByRole('button', { name: 'Delete account' }).click();
      await dialog.getByText(SettingsText.passwordWrong).waitFor();
      await expectAccessible(desk);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      await openTab(desk, 'personal', 'Personal');
      await desk.getByRole('textbox', { name: 'Location' }).fill(dark ? 'Ilam' : 'Dharan');
      await desk.getByRole('button', { name: 'Save changes' }).click();
      await toast(desk, Messages.profile.updated).first().waitFor();
      await expectAccessible(desk);
      if (dark) {
        await desk.screenshot({ path: 'e2e/artifacts/settings-dark-toast.png' });
        await desk.getByRole('button', { name: 'Switch to light mode' }).click();
        await openTab(desk, 'account', 'Account');
      }
    }
  });

  it('sessions: the list marks this device, and signing out another one closes that browser', async () => {
    const a = await createUser(e2e.db, { name: 'Session Sam' });
    const [p1, p2] = await Promise.all([signedInPage(a), signedInPage(a)]);
    await p2.goto('/home');
    await p2.getByRole('navigation', { name: 'Main' }).waitFor();
    await openTab(p1, 'security', 'Security');
    const list = p1.getByRole('list', { name: 'Active sessions' });
    await list.getByText('This device').waitFor();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
    await expectAccessible(p1);
    await p1.screenshot({ path: 'e2e/artifacts/settings-security.png', fullPage: true });
    await list.getByRole('button', { name: 'Sign out' }).click();
    await toast(p1, SettingsText.sessionSignedOut).waitFor();
    await p2.waitForURL(/\/signin/, { timeout: 5000 });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
  });
});
