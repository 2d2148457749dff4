/**
 * Search and discovery (issue 35) as a member meets it: the header's box suggests people as they type
 * and the keyboard picks one; a hashtag's page lists its posts and can be followed; a search written in
 * Devanagari finds a post written in romanized Nepali; a word from an old message, searched in the
 * Messages tab or inside the chat, opens the chat at that message (paged back to it) and highlights it;
 * and at 390 px the search page's tabs and results fit the screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { Events, SearchText, type ChatDto } from '@sajha/contract';
import { ask, createUser, ok, sessionCookie, type TestUser } from '../apps/server/test/harness.js';
import { expectAccessible } from './axe.js';
import { startE2E, type E2E } from './harness.js';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
/** Messages sent after the old one: more than one page (30), so the chat has to page back to it. */
const LATER_MESSAGES = 45;

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

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

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search people, posts, tags and messages' });
const post = (within: Page | Locator, text: string) => within.getByRole('article').filter({ hasText: text });
const highlighted = (page: Page) => page.locator('[data-message-id][data-highlighted="true"]');

/** Types a search in the header's box and presses Enter: the search page opens on its Top tab. */
async function searchFor(page: Page, text: string): Promise<void> {
  const box = searchBox(page);
  await box.fill(text);
  await box.press('Enter');
  await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === text);
}

describe('search and discovery', () => {
  it('header suggestions, a tag page with follow, Nepali in both scripts, and messages opened where they were said', async () => {
    const tag = Date.now().toString(36);
    const a = await createUser(e2e.db, { name: 'Asha Gurung', username: `asha_${tag}` });
    const b = await createUser(e2e.db, { name: 'Bikash Thapa', username: `bikash_${tag}` });
    await postBy(a, 'k cha sathi ho #Dashain');
    await postBy(a, 'Photos from Pokhara this weekend');

    // A writes to B: one old message, a second one later, then more than a page of others.
    const as = await e2e.socketOf(a);
    const chat = await ok<ChatDto>(ask(as, Events.startChat, { username: b.username }));
    const send = (message: string) => ok(ask(as, Events.sendMessage, { message, to_cid: chat.id }));
    await send('The best momo in Thamel is at Yangling, remember?');
    for (let i = 1; i <= LATER_MESSAGES; i++) {
      await send(i === 10 ? 'Bring your Dhaka topi for Tihar' : `Message number ${i}`);
    }

    // B types a name in the header's box: People suggestions come; the arrows pick A, Enter opens the profile.
    const page = await e2e.signedInPage(b, DESKTOP);
    await page.goto('/home');
    // The side column of a wide home page shows what trends, each tag linking to its page.
    const trending = page.getByRole('region', { name: 'Trending' });
    expect(await trending.getByRole('link', { name: '#dashain' }).getAttribute('href')).toBe('/tag/dashain');
    const box = searchBox(page);
    await box.click();
    await box.pressSequentially('asha', { delay: 40 });
    const people = page.getByRole('group', { name: 'People' });
    await people.getByRole('option', { name: /Asha Gurung/ }).waitFor();
    expect(await page.getByRole('option').first().textContent()).toBe('Search for “asha”');
    await expectAccessible(page);
    await box.press('ArrowDown');
    await box.press('ArrowDown');
    const active = await box.getAttribute('aria-activedescendant');
    expect(await page.locator(`[id="${active}"]`).textContent()).toContain('Asha Gurung');
    await box.press('Enter');
    await page.waitForURL(`**/u/@${a.username}`);
    await page.getByRole('heading', { name: 'Asha Gurung' }).waitFor();

    // The hashtag in A's post is a link; the tag's page lists the post, and B follows the tag.
    await post(page, 'k cha sathi ho').waitFor();
    expect(await post(page, 'k cha sathi ho').getByRole('link', { name: '#Dashain' }).getAttribute('href')).toBe(
      '/tag/dashain',
    );
    await page.goto('/tag/dashain');
    await page.getByRole('heading', { level: 1, name: '#dashain' }).waitFor();
    await post(page, 'k cha sathi ho').waitFor();
    expect(await post(page, 'Photos from Pokhara').count()).toBe(0);
    await page.getByRole('button', { name: 'Follow #dashain' }).click();
    await page.getByText(SearchText.tagFollowed).waitFor();
    await page.getByRole('button', { name: 'Following #dashain' }).waitFor();
    await expectAccessible(page);
    await page.reload();
    await page.getByRole('button', { name: 'Following #dashain' }).waitFor();
    // Explore lists the followed tag with its newest posts.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explore' }).click();
    await post(page.getByRole('region', { name: 'From tags you follow' }), 'k cha sathi ho').waitFor();

    // Devanagari finds the romanized post, in the Posts tab (kept in the address).
    await searchFor(page, 'के छ');
    await page.getByRole('tab', { name: 'Posts' }).click();
    await page.waitForURL((url) => url.searchParams.get('type') === 'posts');
    await post(page, 'k cha sathi ho').waitFor();
    expect(await page.title()).toContain('के छ');

    // A word from the old message, in the Messages tab: the hit names the chat and marks the word.
    await searchFor(page, 'Yangling');
    await page.getByRole('tab', { name: 'Messages' }).click();
    const hit = page.locator('[data-message-hit]').filter({ hasText: 'best momo in Thamel' });
    await hit.waitFor();
    expect(await hit.textContent()).toContain('Asha Gurung');
    expect(await hit.locator('mark').first().textContent()).toBe('Yangling');
    await expectAccessible(page);

    // Opening it pages the chat back to that message, and highlights it.
    await hit.click();
    await page.waitForURL((url) => url.pathname === `/message/${chat.id}`);
    // One read of the highlighted messages (the highlight lasts a few seconds: a count, then a second read,
    // could straddle its end on a busy machine).
    await expect
      .poll(() => highlighted(page).allTextContents())
      .toEqual([expect.stringContaining('The best momo in Thamel is at Yangling')]);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toContain('Yangling');
    await expect.poll(() => new URL(page.url()).searchParams.has('m')).toBe(false);
    // ... for a few seconds only.
    await expect.poll(() => highlighted(page).count(), { timeout: 8000 }).toBe(0);

    // Inside the chat, "Search in this chat" finds another message and jumps to it the same way.
    await page.getByRole('button', { name: 'Search in this chat' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search in this chat' });
    await dialog.getByRole('searchbox', { name: 'Search messages' }).fill('topi');
    await dialog.locator('[data-message-hit]').filter({ hasText: 'Dhaka topi' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect
      .poll(() => highlighted(page).allTextContents())
      .toEqual([expect.stringContaining('Bring your Dhaka topi for Tihar')]);
  });

  it('at 390 px the search page is usable: scrollable tabs, results, and no sideways scrolling', async () => {
    const tag = Date.now().toString(36);
    const a = await createUser(e2e.db, { name: 'Sita Sharma', username: `sita_${tag}` });
    const b = await createUser(e2e.db, { name: 'Ramesh Karki', username: `ramesh_${tag}` });
    await postBy(a, `Sita's Dashain greetings to everyone in Kathmandu #Dashain #sita_${tag}`);
    const page = await e2e.signedInPage(b, PHONE);
    await page.goto('/home');

    // On a phone the header shows a search button that opens the box over it.
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => searchBox(page).isVisible()).toBe(true);
    await searchFor(page, 'Sita');
    const tabs = page.getByRole('tablist', { name: 'What to show' });
    await tabs.waitFor();
    expect(await tabs.getByRole('tab').allTextContents()).toEqual([
      'Top',
      'People',
      'Posts',
      'Clips',
      'Tags',
      'Messages',
    ]);
    await page.getByRole('region', { name: 'People' }).getByText('Sita Sharma').waitFor();
    await post(page, 'Dashain greetings').waitFor();
    const noSideways = () => page.evaluate(() => document.scrollingElement!.scrollWidth);
    expect(await noSideways()).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page);

    // The last tab is reachable: the tab list scrolls, the page does not.
    await tabs.getByRole('tab', { name: 'Messages' }).click();
    await page.waitForURL((url) => url.searchParams.get('type') === 'messages');
    await page.getByText('No messages match “Sita”').waitFor();
    await tabs.getByRole('tab', { name: 'Tags' }).click();
    await page.getByRole('link', { name: `#sita_${tag}` }).waitFor();
    expect(await noSideways()).toBeLessThanOrEqual(PHONE.width);
    await tabs.getByRole('tab', { name: 'People' }).click();
    await page.getByRole('button', { name: 'Follow Sita Sharma' }).click();
    await page.getByRole('button', { name: 'Following Sita Sharma' }).waitFor();
    expect(await noSideways()).toBeLessThanOrEqual(PHONE.width);
  });
});
