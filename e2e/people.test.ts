/**
 * People as three members meet them, each in their own browser context: A finds B and follows from
 * Friends, B hears of it and follows back, they become friends, C sees mutual friends, A pages B's
 * posts and messages B, then B blocks A from the chat menu and A can no longer message, follow, find
 * or open B.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Messages, PeopleMessages } from '@sajha/contract';
import { follows, posts } from '../apps/server/src/db/schema.js';
import { createUser, sessionCookie, type TestUser } from '../apps/server/test/harness.js';
import { expectAccessible } from './axe.js';
import { startE2E, type E2E } from './harness.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

async function signedInPage(user: TestUser, viewport = { width: 1440, height: 900 }): Promise<Page> {
  const page = await e2e.newPage(viewport);
  const [name, value] = (await sessionCookie(e2e.db, user.id, true)).split('=');
  await page.context().addCookies([{ name: name!, value: value!, url: e2e.baseUrl, httpOnly: true, sameSite: 'Lax' }]);
  return page;
}

const notificationBadge = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: /Notifications/ })
    .locator('.MuiBadge-badge:not(.MuiBadge-invisible)');
const row = (page: Page, list: string, name: string) =>
  page.getByRole('list', { name: list }).getByRole('listitem', { name });
const toast = (page: Page, text: string) => page.getByText(text, { exact: true });

describe('people: follows, friends, profiles and blocks', () => {
  it('A follows B from search, B follows back, C sees mutual friends, A pages B posts, B blocks A', async () => {
    const tag = Date.now().toString(36);
    const a = await createUser(e2e.db, { name: 'Asha Gurung', username: `asha_${tag}` });
    const b = await createUser(e2e.db, { name: 'Bikash Thapa', username: `bikash_${tag}` });
    const c = await createUser(e2e.db, { name: 'Chandra Rai', username: `chandra_${tag}` });
    // C and B are already friends; B has 12 posts.
    await e2e.db.insert(follows).values([
      { followerId: c.id, followeeId: b.id },
      { followerId: b.id, followeeId: c.id },
    ]);
    const base = Date.now() - 3600_000;
    await e2e.db.insert(posts).values(
      Array.from({ length: 12 }, (_, i) => ({
        id: randomUUID(),
        authorId: b.id,
        content: `Bikash post number ${i + 1}`,
        createdAt: new Date(base + i * 1000),
      })),
    );
    const [pa, pb] = await Promise.all([signedInPage(a), signedInPage(b)]);
    await pb.goto('/home');
    await pb.getByRole('navigation', { name: 'Main' }).waitFor();

    // A finds B by search (more than 2 characters, debounced) and follows from Friends.
    await pa.goto('/friends');
    await pa.getByRole('heading', { name: 'Friends', level: 1 }).waitFor();
    expect(await pa.getByRole('tab').allTextContents()).toEqual(['Friends', 'Followers', 'Following']);
    await pa.getByTestId('friend-skeleton').first().waitFor();
    const box = pa.getByRole('textbox', { name: 'Find Friends' });
    expect(await box.getAttribute('placeholder')).toBe('Search for friends...');
    await box.fill(`bik`);
    await box.fill(`bikash_${tag}`);
    await row(pa, 'Search results', 'Bikash Thapa').waitFor();
    await row(pa, 'Search results', 'Bikash Thapa').getByRole('button', { name: 'Follow Bikash Thapa' }).click();
    await toast(pa, Messages.friends.added).waitFor();
    await row(pa, 'Search results', 'Bikash Thapa').getByRole('button', { name: 'Unfollow Bikash Thapa' }).waitFor();
    await expectAccessible(pa);

    // B hears of it live, and sees A among followers with the counts on the profile.
    await expect.poll(() => notificationBadge(pb).textContent(), { timeout: 10_000 }).toBe('1');
    await pb.getByText(`@${a.username} started following you`).first().waitFor();
    await pb.goto('/profile');
    await expect.poll(() => pb.title()).toBe('Profile');
    await pb.getByRole('heading', { name: 'Bikash Thapa' }).waitFor();
    expect(await pb.getByTestId('count-followers').textContent()).toBe('2');
    expect(await pb.getByTestId('count-posts').textContent()).toBe('12');
    await expectAccessible(pb);
    await pb.goto('/friends?tab=followers');
    await row(pb, 'Followers', 'Asha Gurung').waitFor();
    await expectAccessible(pb);

    // B follows back: they appear in each other's Friends tab.
    await row(pb, 'Followers', 'Asha Gurung').getByRole('button', { name: 'Follow Asha Gurung' }).click();
    await toast(pb, Messages.friends.added).waitFor();
    await pb.getByRole('tab', { name: 'Friends' }).click();
    await row(pb, 'Friends', 'Asha Gurung').waitFor();
    await pb.getByRole('tab', { name: 'Following' }).click();
    await row(pb, 'Following', 'Asha Gurung').waitFor();
    await expectAccessible(pb);
    await pa.reload();
    await row(pa, 'Friends', 'Bikash Thapa').waitFor();

    // C, a friend of B, sees A with 1 mutual friend (B).
    const pc = await signedInPage(c, { width: 390, height: 844 });
    await pc.goto('/friends');
    await pc.getByRole('textbox', { name: 'Find Friends' }).fill(`asha_${tag}`);
    await row(pc, 'Search results', 'Asha Gurung').getByText(PeopleMessages.mutual(1), { exact: false }).waitFor();
    await expectAccessible(pc);
    await pc.close();

    // A opens B's profile: 10 posts, Load More, then the last 2 and no more button.
    await pa.goto(`/u/@${b.username}`);
    await expect.poll(() => pa.title()).toBe(`${b.username} - Profile`);
    const articles = pa.getByRole('article');
    await expect.poll(() => articles.count()).toBe(10);
    expect(await articles.first().textContent()).toContain('Bikash post number 12');
    await pa.getByRole('button', { name: Messages.profile.loadMore }).click();
    await expect.poll(() => articles.count()).toBe(12);
    expect(await articles.last().textContent()).toContain('Bikash post number 1');
    await expect.poll(() => pa.getByRole('button', { name: Messages.profile.loadMore }).count()).toBe(0);
    await expectAccessible(pa);
    // Unfollow from the header moves the count at once.
    expect(await pa.getByTestId('count-followers').textContent()).toBe('2');
    await pa.getByRole('button', { name: 'Unfollow', exact: true }).click();
    // The query cache tells React in a later task, so the count is awaited, not read straight after the click.
    await expect.poll(() => pa.getByTestId('count-followers').textContent()).toBe('1');
    await toast(pa, Messages.friends.removed).waitFor();
    await pa.getByRole('button', { name: 'Follow', exact: true }).click();
    await expect.poll(() => pa.getByTestId('count-followers').textContent()).toBe('2');

    // The Message button opens the chat.
    await pa.getByRole('link', { name: 'Message', exact: true }).click();
    await expect.poll(() => pa.title()).toBe('Bikash Thapa - Chat');
    const composer = pa.getByRole('textbox', { name: 'Message' });
    await composer.fill('Namaste!');
    await composer.press('Enter');

    // B blocks A from the chat menu.
    await pb.goto(`/message/@${a.username}`);
    await pb.locator('[data-message-id]', { hasText: 'Namaste!' }).waitFor();
    await pb.getByRole('button', { name: 'Chat menu' }).click();
    await pb.getByRole('menuitem', { name: 'Block User' }).click();
    await pb.getByRole('dialog', { name: 'Block User' }).waitFor();
    await expectAccessible(pb);
    await pb.getByRole('dialog', { name: 'Block User' }).getByRole('button', { name: 'Block' }).click();
    await toast(pb, PeopleMessages.blocked).waitFor();

    // A can no longer message, open, follow or find B. The chat is gone from A's side (as if B did not
    // exist); B, who blocked, keeps its history.
    await pa.goto(`/message/@${b.username}`);
    await toast(pa, Messages.chat.userNotFound).waitFor();
    expect(await pa.locator('[data-message-id]', { hasText: 'Namaste!' }).count()).toBe(0);
    await pb.reload();
    await pb.locator('[data-message-id]', { hasText: 'Namaste!' }).waitFor();
    await pa.goto(`/u/${b.username}`);
    await pa.getByRole('heading', { name: PeopleMessages.notFound }).waitFor();
    expect(await pa.getByRole('button', { name: 'Follow', exact: true }).count()).toBe(0);
    await pa.goto('/friends');
    await pa.getByRole('textbox', { name: 'Find Friends' }).fill(`bikash_${tag}`);
    await pa.getByText(PeopleMessages.noResults).waitFor();
    await expectAccessible(pa);
    await pa.getByRole('tab', { name: 'Following' }).click();
    await pa.getByText(PeopleMessages.noFollowing).waitFor();
    await expectAccessible(pa);

    // B's profile of A offers Unblock.
    await pb.goto(`/profile/@${a.username}`);
    await pb.getByRole('button', { name: 'Unblock' }).waitFor();
    await expectAccessible(pb);
  });
});
