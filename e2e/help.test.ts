/**
 * The help centre and the assistant that answers from it (issue 34), as members meet them: a member asks
 * the assistant the same question in English, romanized Nepali and Devanagari, gets the answer in the
 * language asked with a link, and follows it to the /help article; a visitor on a phone finds the help
 * centre from the landing page, searches it in romanized Nepali and reads the article, in Nepali too.
 * Titles are read from the server (the articles are the source), not copied here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AiText, helpArticleAnswerSchema, type HelpArticle } from '@sajha/contract';
import { createUser } from '../apps/server/test/harness.js';
import { expectAccessible } from './axe.js';
import { startE2E, type E2E } from './harness.js';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const DEVANAGARI = /[\u0900-\u097F]/;

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

async function article(slug: string): Promise<HelpArticle> {
  const res = await fetch(`${e2e.baseUrl}/api/help/articles/${slug}`);
  return helpArticleAnswerSchema.parse(await res.json()).article;
}

const replies = (page: Page) => page.locator('[data-ai-message="assistant"]');

async function askAssistant(page: Page, text: string, count: number): Promise<void> {
  const input = page.getByRole('textbox', { name: AiText.inputLabel });
  await expect.poll(() => input.isEnabled()).toBe(true);
  await input.fill(text);
  await input.press('Enter');
  await expect.poll(() => replies(page).count()).toBe(count);
  // The answer is complete when its link to the article is there.
  await replies(page)
    .nth(count - 1)
    .getByRole('link')
    .first()
    .waitFor();
}

describe('the assistant answers from the help centre', () => {
  it('in the language asked (English, romanized Nepali, Devanagari), and its link opens the article', async () => {
    const target = await article('change-username');
    const member = await createUser(e2e.db);
    const page = await e2e.signedInPage(member, DESKTOP);
    await page.goto('/ai');

    await askAssistant(page, 'How do I change my username?', 1);
    const english = replies(page).nth(0);
    expect(await english.innerText()).not.toMatch(DEVANAGARI);
    expect(await english.getByRole('link', { name: target.title.en }).getAttribute('href')).toBe(
      '/help/change-username',
    );

    await askAssistant(page, 'username kasari change garne?', 2);
    const romanized = replies(page).nth(1);
    expect(await romanized.innerText()).toMatch(DEVANAGARI);
    await romanized.getByRole('link', { name: target.title.ne }).waitFor();

    await askAssistant(page, 'प्रयोगकर्ता नाम कसरी बदल्ने?', 3);
    const devanagari = replies(page).nth(2);
    expect(await devanagari.innerText()).toMatch(DEVANAGARI);
    await devanagari.getByRole('link', { name: target.title.ne }).click();

    await page.waitForURL('**/help/change-username');
    await page.getByRole('heading', { level: 1, name: target.title.en }).waitFor();
    await expectAccessible(page);
  });

  it('a question that is not about Sajha gets a polite refusal that points to /help', async () => {
    const member = await createUser(e2e.db);
    const page = await e2e.signedInPage(member, DESKTOP);
    await page.goto('/ai');
    const input = page.getByRole('textbox', { name: AiText.inputLabel });
    await expect.poll(() => input.isEnabled()).toBe(true);
    await input.fill('Who will win the cricket match tomorrow?');
    await input.press('Enter');
    const reply = replies(page).first();
    await reply.getByRole('link', { name: '/help' }).waitFor();
    expect(await reply.getByRole('link').count()).toBe(1);
  });
});

describe('the help centre', () => {
  it('a visitor on a phone finds it from the landing page, searches in romanized Nepali and reads the article', async () => {
    const target = await article('profile-picture');
    const page = await e2e.newPage(PHONE);
    await page.goto('/');
    await page.getByRole('link', { name: 'help centre' }).click();
    await page.waitForURL('**/help');
    await page.getByRole('heading', { level: 1, name: 'Help centre' }).waitFor();
    await expectAccessible(page);

    await page.getByRole('searchbox', { name: 'Search the help centre' }).fill('dp kasari ferne');
    const result = page.getByRole('link', { name: target.title.ne });
    await result.waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('dp kasari ferne');
    await result.click();
    await page.waitForURL('**/help/profile-picture');
    await page.getByRole('heading', { level: 1, name: target.title.en }).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page);

    // In Nepali, the same page reads in Nepali.
    await page
      .getByRole('button', { name: /language|भाषा/i })
      .first()
      .click();
    await page.getByRole('menuitem', { name: /नेपाली/ }).click();
    await page.getByRole('heading', { level: 1, name: target.title.ne }).waitFor();
    await page.screenshot({ path: 'e2e/artifacts/help-article-ne-390.png' });
  });

  it('a member reaches it from the sidebar, and a missing article says so', async () => {
    const member = await createUser(e2e.db);
    const page = await e2e.signedInPage(member, DESKTOP);
    await page.goto('/home');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Help' }).click();
    await page.waitForURL('**/help');
    await page.getByRole('link', { name: 'Open Sajha' }).waitFor();
    await page.screenshot({ path: 'e2e/artifacts/help-home-1440.png' });
    await page.goto('/help/no-such-article');
    await page.getByRole('heading', { level: 1, name: 'This help article does not exist.' }).waitFor();
    await page.getByRole('link', { name: 'All help topics' }).click();
    await page.waitForURL('**/help');
  });
});
