/** The signed-in shell, live notifications and the landing page, as members and visitors meet them. */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { Page } from 'playwright-core';
import { CONTEST_PRIZES_NRS, Events, Messages } from '@sajha/contract';
import { createUser, sessionCookie, type TestUser } from '../apps/server/test/harness.js';
import { notify } from '../apps/server/src/features/notifications/service.js';
import { luminance, startE2E, type E2E, type Viewport } from './harness.js';

/**
 * Resolves once the page's realtime socket is connected: on connect the shell asks for its unread
 * count, and the server has joined the socket to the member's rooms before it reads any message.
 * Call before the navigation that opens the socket.
 */
async function socketReady(page: Page): Promise<void> {
  const ws = await page.waitForEvent('websocket', { predicate: (w) => w.url().includes('/real/') });
  await ws.waitForEvent('framesent', { predicate: (f) => String(f.payload).includes(`"${Events.getUnread}"`) });
}

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

async function signedInPage(user: TestUser, viewport?: Viewport): Promise<Page> {
  const page = await e2e.newPage(viewport);
  const [name, value] = (await sessionCookie(e2e.db, user.id, true)).split('=');
  await page.context().addCookies([{ name: name!, value: value!, url: e2e.baseUrl, httpOnly: true, sameSite: 'Lax' }]);
  return page;
}

/** The unread badge on the sidebar's Notifications entry ('' when hidden). */
const notificationBadge = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: /Notifications/ })
    .locator('.MuiBadge-badge:not(.MuiBadge-invisible)');

describe('signed-in shell', () => {
  it('shows every sidebar entry and the profile block', async () => {
    const u = await createUser(e2e.db, { name: 'Sabina Rai' });
    const page = await signedInPage(u, { width: 1440, height: 900 });
    await page.goto('/home');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.waitFor();
    for (const link of [
      'Home',
      'Clips',
      'Messages',
      'Friends',
      'AI Assistant',
      'Monthly Contest',
      'Sajha Studio',
      'Features',
      'Settings',
    ]) {
      await expect
        .poll(() => nav.getByRole('link', { name: new RegExp(link) }).isVisible(), { timeout: 5000 })
        .toBe(true);
    }
    for (const button of ['Create Post', 'Notifications'])
      expect(await nav.getByRole('button', { name: button }).isVisible()).toBe(true);
    expect(await nav.getByRole('link', { name: /Monthly Contest/ }).getAttribute('target')).toBe('_blank');
    expect(await page.getByText('Sabina Rai').isVisible()).toBe(true);
    expect(await page.getByText(`@${u.username}`).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Log out' }).isVisible()).toBe(true);
    expect(await notificationBadge(page).count()).toBe(0); // hidden at 0
  });

  it('offers "Skip to content" first in the tab order, and every page has one main region', async () => {
    const u = await createUser(e2e.db, { name: 'Tashi Lama' });
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const page = await signedInPage(u, viewport);
      const paths = [
        '/home',
        '/settings',
        '/message',
        '/friends',
        '/explore',
        '/clips',
        '/ai',
        '/features',
        '/search?q=momo',
      ];
      for (const path of [...paths, `/u/${u.username}`]) {
        await page.goto(path);
        await page.locator('#main-content').waitFor();
        await expect.poll(() => page.locator('main').count()).toBe(1);
      }
      await page.goto('/home');
      await page.locator('#main-content').waitFor();
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to content' });
      await expect.poll(() => skip.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await skip.isVisible()).toBe(true);
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    }
  });

  it('receives a notification live, lists it under Today, and clears the badge for good', async () => {
    const u = await createUser(e2e.db);
    const actor = await createUser(e2e.db, { username: 'hari_k' });
    const page = await signedInPage(u, { width: 1440, height: 900 });
    const ready = socketReady(page);
    await page.goto('/home');
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    // Once the socket is in, act as another member would: the notice must arrive live.
    await ready;
    await notify(e2e.app.deps, u.id, { type: 'comment', message: '@hari_k commented on your post', actorId: actor.id });
    await expect.poll(() => notificationBadge(page).textContent(), { timeout: 10_000 }).toBe('1');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Notifications' }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.getByText('commented on your post').waitFor();
    expect(await panel.getByText('Today').isVisible()).toBe(true);
    expect(await panel.getByText('Yesterday').count()).toBe(0); // empty groups hidden
    await expect.poll(() => notificationBadge(page).count()).toBe(0);

    // The @mention leads to the member's page and closes the panel.
    await panel.getByRole('button', { name: '@hari_k' }).click();
    await page.waitForURL(/\/u\/@hari_k$/);
    await expect.poll(() => panel.isVisible()).toBe(false);

    // After a reload a new notice makes the badge 1, not 2: the first one stayed read.
    const again = socketReady(page);
    await page.reload();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await again;
    await notify(e2e.app.deps, u.id, { type: 'comment', message: '@hari_k replied', actorId: actor.id });
    await expect.poll(() => notificationBadge(page).textContent(), { timeout: 10_000 }).toBe('1');
  });

  it('delivers a live notification to two tabs of the same member', async () => {
    const u = await createUser(e2e.db);
    const tab1 = await signedInPage(u, { width: 1440, height: 900 });
    const tab2 = await tab1.context().newPage();
    for (const tab of [tab1, tab2]) {
      const ready = socketReady(tab);
      await tab.goto('/home');
      await tab.getByRole('navigation', { name: 'Main' }).waitFor();
      await ready;
    }
    await notify(e2e.app.deps, u.id, { type: 'system', message: 'Welcome to the November contest!' });
    for (const tab of [tab1, tab2])
      await expect.poll(() => notificationBadge(tab).textContent(), { timeout: 10_000 }).toBe('1');
    await tab2.close();
  });

  it('keeps the colour mode chosen while signed in', async () => {
    const u = await createUser(e2e.db);
    const page = await signedInPage(u, { width: 1440, height: 900 });
    await page.goto('/home');
    const toDark = page.getByRole('button', { name: 'Switch to dark mode' });
    await expect.poll(() => toDark.isEnabled()).toBe(true);
    await toDark.click();
    const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await expect.poll(async () => luminance(await bg())).toBeLessThan(0.05);
    await page.reload();
    await page.getByRole('button', { name: 'Switch to light mode' }).waitFor();
    expect(luminance(await bg())).toBeLessThan(0.05);
  });

  it('shows the bottom bar instead of the sidebar on a 390 px phone', async () => {
    const u = await createUser(e2e.db);
    const page = await signedInPage(u, { width: 390, height: 844 });
    await page.goto('/home');
    const bar = page.getByRole('navigation', { name: 'Bottom' });
    await bar.waitFor();
    for (const name of ['Home', 'Clips', 'Create Post', 'Messages', 'Friends', 'Open menu']) {
      expect(
        await bar.getByRole(name === 'Create Post' || name === 'Open menu' ? 'button' : 'link', { name }).isVisible(),
      ).toBe(true);
    }
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    // The menu slides in with the whole navigation and locks page scrolling while open.
    await bar.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /Settings/ })
      .waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    const widths = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(widths).toBeLessThanOrEqual(390);
  });

  it('confirms before logging out', async () => {
    const u = await createUser(e2e.db);
    const page = await signedInPage(u, { width: 1440, height: 900 });
    await page.goto('/home');
    await page.getByRole('button', { name: 'Log out' }).click();
    const dialog = page.getByRole('dialog', { name: Messages.logout.title });
    await dialog.getByText(Messages.logout.text).waitFor();
    await dialog.getByRole('button', { name: Messages.logout.cancel }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/home');
    await page.getByRole('button', { name: 'Log out' }).click();
    await page
      .getByRole('dialog', { name: Messages.logout.title })
      .getByRole('button', { name: Messages.logout.confirm })
      .click();
    await page.waitForURL(/\/signin/);
    await page.goto('/home');
    await page.waitForURL(/\/signin/); // the session is gone on the server too
  });
});

describe('landing page sections', () => {
  it('shows every section of the spec, and no install offer when the browser makes none', async () => {
    const page = await e2e.newPage({ width: 1440, height: 900 });
    await page.goto('/');
    for (const id of ['home', 'about', 'why-us', 'social', 'contest', 'faq']) {
      await page.locator(`section#${id}`).waitFor({ timeout: 10_000 });
    }
    const contest = page.locator('section#contest');
    for (const prize of Object.values(CONTEST_PRIZES_NRS)) {
      expect(await contest.textContent()).toMatch(new RegExp(prize.toLocaleString('en-US').replace(',', ',?')));
    }
    const faq = await page.locator('section#faq').textContent();
    expect(faq).toMatch(/free/i);
    expect(faq).toMatch(/original/i);
    expect(await page.locator('section#install').count()).toBe(0);
    const nav = page.getByRole('navigation').first();
    expect(await nav.getByRole('link', { name: 'Privacy' }).isVisible()).toBe(true);
    expect(await nav.getByRole('link', { name: 'Terms' }).isVisible()).toBe(true);
    const footer = page.locator('footer');
    expect(await footer.locator('a[href^="mailto:"]').count()).toBeGreaterThan(0);
  });

  it('loads the legal pages', async () => {
    const page = await e2e.newPage();
    await page.goto('/terms');
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
    await page.goto('/privacy');
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
  });
});
