/**
 * Sajha in Nepali (issue 36), as members meet it: a visitor on a phone switches the landing page to
 * नेपाली in one click, signs up in Nepali and gets the code mail in Nepali; two members, one reading
 * Nepali and one English, post, chat and notify each other, each reading their own language; the Nepali
 * member switches to Bikram Sambat dates in Settings, and every screen passes axe at 390 and 1440 px with
 * no console error. Labels are read from the catalogues, so the test follows the words, not a copy.
 *
 * Screens are also saved as e2e/artifacts/nepali-<screen>-<width>.png for a person to look at.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { catalogueFor, Events } from '@sajha/contract';
import { posts, users } from '../apps/server/src/db/schema.js';
import { ask, createUser, ok, type TestUser } from '../apps/server/test/harness.js';
import { expectAccessible } from './axe.js';
import { ARTIFACTS_DIR, startE2E, waitForMail, type E2E } from './harness.js';

type Texts = Record<string, unknown>;
const locales = path.resolve(import.meta.dirname, '../apps/web/src/i18n/locales');
const load = (lang: 'en' | 'ne', ns: string) =>
  JSON.parse(readFileSync(path.join(locales, lang, `${ns}.json`), 'utf8')) as Texts;
/** A catalogue text by its dotted key, with its markup tags dropped (as the accessible name reads). */
function text(lang: 'en' | 'ne', ns: string, key: string, values: Record<string, string> = {}): string {
  const found = key.split('.').reduce<unknown>((v, k) => (v as Texts | undefined)?.[k], load(lang, ns));
  if (typeof found !== 'string') throw new Error(`no text ${lang}/${ns}:${key}`);
  return found.replace(/<[^>]+>/g, '').replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? '');
}
const ne = (ns: string, key: string, values?: Record<string, string>) => text('ne', ns, key, values);
const en = (ns: string, key: string, values?: Record<string, string>) => text('en', ns, key, values);
const DEVANAGARI = /[\u0900-\u097F]/;

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

/** Every console error of a page, to be empty at the end. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(String(err)));
  return errors;
}

async function shot(page: Page, name: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `nepali-${name}-${width}.png`), fullPage: false });
}

/** No text overflows its box sideways (clipped Devanagari), and the page does not scroll sideways. */
async function expectNothingClipped(page: Page): Promise<void> {
  const report = await page.evaluate(() => {
    const wide = document.documentElement.scrollWidth > window.innerWidth + 1;
    const clipped: string[] = [];
    for (const el of Array.from(
      document.querySelectorAll<HTMLElement>('button, a, label, h1, h2, h3, [role="tab"], [role="menuitem"]'),
    )) {
      const style = getComputedStyle(el);
      // Hidden, visually hidden (a 1 px box for screen readers) or meant to end in an ellipsis.
      if (el.offsetParent === null || el.clientWidth <= 1 || style.textOverflow === 'ellipsis') continue;
      if (style.overflowX === 'hidden' && el.scrollWidth > el.clientWidth + 1)
        clipped.push(
          `${el.tagName.toLowerCase()}.${el.className.toString().split(' ')[0]} ${el.scrollWidth}/${el.clientWidth} ${el.textContent?.trim().slice(0, 40) ?? ''}`,
        );
    }
    return { wide, clipped };
  });
  expect(report.wide, 'the page scrolls sideways').toBe(false);
  expect(report.clipped, 'texts cut off sideways').toEqual([]);
}

const signedInPage = (user: TestUser, viewport = DESKTOP) => e2e.signedInPage(user, viewport);
const socketOf = (user: TestUser) => e2e.socketOf(user);

describe('Sajha in Nepali', () => {
  it('a visitor on a phone switches to नेपाली on the landing page, signs up in Nepali and gets the code mail in Nepali', async () => {
    const page = await e2e.newPage(PHONE);
    const errors = consoleErrors(page);
    await page.goto('/');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.getByRole('button', { name: en('common', 'language.choose', { current: 'English' }) }).click();
    await page.getByRole('menuitem', { name: 'नेपाली' }).click();

    // At once, without a reload: the page, its <html lang> and its heading are Nepali.
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('ne');
    await page.getByRole('heading', { name: ne('landing', 'hero.title') }).waitFor();
    await expectAccessible(page);
    await expectNothingClipped(page);
    await shot(page, 'landing');

    // Remembered for the visit: the sign-up page opens in Nepali.
    await page.goto('/signup');
    await page.getByRole('heading', { name: ne('auth', 'signUp.heading') }).waitFor();
    await expectNothingClipped(page);
    await shot(page, 'signup');
    const email = `sita_${Date.now().toString(36)}@example.test`;
    await page.getByLabel(ne('auth', 'signUp.name'), { exact: true }).fill('Sita Rai');
    await page.getByLabel(ne('auth', 'signUp.username'), { exact: true }).fill(`sita_${Date.now().toString(36)}`);
    await page.getByLabel(ne('auth', 'email'), { exact: true }).fill(email);
    await page.getByLabel(ne('auth', 'password'), { exact: true }).fill('sajha-pass-1');
    await page.getByLabel(ne('auth', 'signUp.confirmPassword'), { exact: true }).fill('sajha-pass-1');
    await page.getByRole('checkbox', { name: ne('auth', 'signUp.terms') }).check();
    await expectAccessible(page);
    await page.getByRole('button', { name: ne('auth', 'signUp.submit'), exact: true }).click();

    // The account starts in Nepali: the code mail is Nepali, the verify step too.
    const mail = await waitForMail(e2e.dataDir, email, 20_000);
    expect(mail.subject).toMatch(DEVANAGARI);
    expect(mail.text).toMatch(DEVANAGARI);
    const digits = /([0-9०-९]{6})/.exec(mail.subject)?.[1] ?? /([0-9०-९]{6})/.exec(mail.text)?.[1];
    expect(digits, `a 6-digit code in "${mail.subject}"`).toBeDefined();
    const code = digits!.replace(/[०-९]/g, (d) => String('०१२३४५६७८९'.indexOf(d)));
    const [account] = await e2e.db.select().from(users).where(eq(users.email, email));
    expect(account?.locale).toBe('ne');

    const codeField = page.getByLabel(ne('auth', 'verify.code'), { exact: true });
    await codeField.waitFor({ timeout: 10_000 });
    await codeField.fill(code);
    await page.getByRole('button', { name: ne('auth', 'verify.submit'), exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/home', { timeout: 15_000 });
    // The bottom navigation of a phone, in Nepali.
    await page.getByRole('navigation', { name: ne('shell', 'bottom.label') }).waitFor();
    await expectAccessible(page);
    await expectNothingClipped(page);
    await shot(page, 'home');
    expect(errors).toEqual([]);
  });

  for (const viewport of [DESKTOP, PHONE]) {
    it(`at ${viewport.width} px a Nepali and an English member post, chat and notify each other, each in their own language; BS dates from Settings`, async () => {
      const phone = viewport === PHONE;
      const sita = await createUser(e2e.db, { name: 'Sita Rai' });
      const john = await createUser(e2e.db, { name: 'John Smith' });
      await e2e.db.update(users).set({ locale: 'ne' }).where(eq(users.id, sita.id));

      const page = await signedInPage(sita, viewport);
      const errors = consoleErrors(page);
      await page.goto('/home');
      // The account's language applies on a fresh browser, where nothing was remembered.
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('ne');
      await page
        .getByRole('navigation', { name: phone ? ne('shell', 'bottom.label') : ne('shell', 'nav.label') })
        .waitFor();
      await expectAccessible(page);
      await expectNothingClipped(page);
      await shot(page, 'feed');

      // Sita posts through the Nepali dialog.
      const words = `नमस्ते साथीहरू! आज पोखरा पुगेँ। ${viewport.width}`;
      const create = phone ? ne('shell', 'bottom.create') : ne('shell', 'nav.createPost');
      await page.getByRole('button', { name: create, exact: true }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await dialog.getByRole('textbox').first().fill(words);
      await expectAccessible(page);
      await shot(page, 'create-post');
      await dialog.getByRole('button', { name: /पोस्ट/ }).last().click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByText(words).filter({ visible: true }).first().waitFor();
      await shot(page, 'feed-with-post');

      // John (English) follows Sita and likes her post: her notifications are written in Nepali.
      const johnSocket = await socketOf(john);
      await ok(ask(johnSocket, Events.follow, { username: sita.username }));
      const [post] = await e2e.db.select().from(posts).where(eq(posts.authorId, sita.id));
      await ok(ask(johnSocket, Events.likePost, { post_id: post!.id }));
      if (phone) await page.getByRole('button', { name: ne('shell', 'bottom.menu'), exact: false }).click();
      await page
        .getByRole('button', { name: new RegExp(ne('shell', 'nav.notifications')) })
        .first()
        .click();
      const panel = page.getByRole('dialog', { name: ne('notifications', 'title') });
      await panel.waitFor();
      await expect.poll(() => panel.innerText(), { timeout: 10_000 }).toContain(`@${john.username}`);
      const notices = await panel.innerText();
      expect(notices).toMatch(DEVANAGARI);
      expect(notices).not.toContain(catalogueFor('en').PeopleMessages.followNotice(john.username));
      await expectAccessible(page);
      await expectNothingClipped(page);
      await shot(page, 'notifications');
      await page.keyboard.press('Escape');

      // A chat: Sita's screen is Nepali, the words she types are hers.
      await page.goto(`/message/${john.username}`);
      const composer = page.getByRole('textbox', { name: ne('chat', 'composer.message') });
      await composer.waitFor();
      await composer.fill('भोलि भेटौँ?');
      await page.getByRole('button', { name: ne('chat', 'composer.send'), exact: true }).click();
      await page.getByText('भोलि भेटौँ?').filter({ visible: true }).first().waitFor();
      await expectAccessible(page);
      await expectNothingClipped(page);
      await shot(page, 'chat');

      // Her profile and Settings read Nepali too.
      await page.goto(`/u/${sita.username}`);
      await page.getByText(words).filter({ visible: true }).first().waitFor();
      await expectAccessible(page);
      await expectNothingClipped(page);
      await shot(page, 'profile');

      // Settings > Language: Bikram Sambat dates, stored on the account and shown at once.
      await page.goto('/settings/language');
      await page
        .getByRole('heading', { name: ne('common', 'language.title') })
        .first()
        .waitFor();
      await page.getByRole('radio', { name: ne('common', 'language.bikramSambat') }).check();
      await expect
        .poll(async () => (await e2e.db.select().from(users).where(eq(users.id, sita.id)))[0]?.calendar)
        .toBe('bs');
      // Today in Bikram Sambat: the year is 2080-something (Gregorian 2020s + 56/57), in Devanagari digits.
      await expect.poll(() => page.getByText(/२०[८९][०-९]/).count()).toBeGreaterThan(0);
      await expectAccessible(page);
      await expectNothingClipped(page);
      await shot(page, 'settings-language');
      expect(errors).toEqual([]);

      // John's own screens stay English.
      const johnPage = await signedInPage(john, viewport);
      await johnPage.goto('/home');
      await johnPage
        .getByRole('navigation', { name: phone ? en('shell', 'bottom.label') : en('shell', 'nav.label') })
        .waitFor();
      await expect.poll(() => johnPage.evaluate(() => document.documentElement.lang)).toBe('en');
    });
  }

  it('in a pseudo-locale 40% longer than English, the main screens fit at 390 and 1440 px', async () => {
    const member = await createUser(e2e.db, { name: 'Pema Lama' });
    const other = await createUser(e2e.db, { name: 'Ram Thapa' });
    await ok(ask(await socketOf(member), Events.follow, { username: other.username }));
    const screens = [
      '/home',
      '/clips',
      `/message/${other.username}`,
      '/settings',
      '/settings/language',
      `/u/${member.username}`,
      '/friends',
      '/features',
      '/ai',
    ];
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await signedInPage(member, viewport);
      await page.addInitScript(() => localStorage.setItem('sajha.pseudo', '1'));
      for (const screen of screens) {
        await page.goto(screen);
        // The pseudo texts are on screen (bracketed), and nothing runs off it.
        await page
          .getByText(/^\[.+~\]$/)
          .filter({ visible: true })
          .first()
          .waitFor();
        await expectNothingClipped(page);
      }
      await shot(page, 'pseudo-ai');
      await page.close();
    }
  });
});
