/** Posts and the feed as two members and a visitor meet them: create with media and a link, like, comment, edit, delete, share page. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { Messages } from '@sajha/contract';
import { createUser, sessionCookie, type TestUser } from '../apps/server/test/harness.js';
import { html, startTestSite, type TestSite } from '../apps/server/test/test-site.js';
import { startE2E, type E2E } from './harness.js';

let e2e: E2E;
let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
  site.route(
    '/momo',
    html(`<html><head><title>x</title><meta property="og:title" content="Best momo in Patan">
      <meta property="og:description" content="Steamed, fried and jhol momo, ranked."></head></html>`),
  );
  e2e = await startE2E({ env: site.env });
});
afterAll(async () => {
  await e2e?.close();
  await site?.close();
});

const desktop = { width: 1440, height: 900 };

async function signedInPage(user: TestUser): Promise<Page> {
  const page = await e2e.newPage(desktop);
  const [name, value] = (await sessionCookie(e2e.db, user.id, true)).split('=');
  await page.context().addCookies([{ name: name!, value: value!, url: e2e.baseUrl, httpOnly: true, sameSite: 'Lax' }]);
  return page;
}

const badge = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: /Notifications/ })
    .locator('.MuiBadge-badge:not(.MuiBadge-invisible)');

describe('posts and the home feed', () => {
  it('A posts text, an image and a link; B finds, likes and comments; A hears live, edits and deletes; a visitor sees the preview', async () => {
    const a = await createUser(e2e.db, { name: 'Asha Gurung' });
    const b = await createUser(e2e.db, { name: 'Bikash Thapa' });
    const pageA = await signedInPage(a);
    const pageB = await signedInPage(b);
    await pageA.goto('/home');
    await pageA.getByText('No posts here yet').waitFor(); // an empty feed says so

    // A creates the post.
    await pageA.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Create Post' }).click();
    const dialog = pageA.getByRole('dialog', { name: 'Create Post' });
    await dialog.getByRole('button', { name: 'Post' }).click();
    await dialog.getByRole('alert').getByText(Messages.post.contentEmpty).waitFor();
    const link = `https://preview.test:${site.port}/momo`;
    await dialog.getByLabel("What's on your mind?").fill(`Momo night in Patan! ${link}`);
    expect(await dialog.getByText(`${`Momo night in Patan! ${link}`.length}/500`).isVisible()).toBe(true);
    await dialog.getByRole('combobox', { name: 'Category' }).click();
    await pageA.getByRole('option', { name: 'food' }).click();
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#d35400' } })
      .jpeg()
      .toBuffer();
    await dialog
      .getByLabel('Photos or videos')
      .setInputFiles({ name: 'momo.jpg', mimeType: 'image/jpeg', buffer: photo });
    await dialog.getByRole('img', { name: 'momo.jpg' }).waitFor();
    await dialog.getByText('Best momo in Patan').waitFor(); // the preview, fetched from the test site
    await dialog.getByRole('button', { name: 'Post' }).click();
    await dialog.waitFor({ state: 'detached' });
    const mine = pageA.getByRole('article').filter({ hasText: 'Momo night in Patan!' });
    await mine.waitFor();
    const postId = await mine.getAttribute('data-post-id');
    expect(postId).toBeTruthy();

    // B sees it under All and under Food, with its preview and photo; not under Travel.
    await pageB.goto('/home');
    const card = pageB.getByRole('article').filter({ hasText: 'Momo night in Patan!' });
    await card.waitFor();
    expect(await card.getByText('Best momo in Patan').isVisible()).toBe(true);
    const img = card.locator('img[src^="/media/post/"]');
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(320);
    expect(await card.getByRole('button', { name: 'Post options' }).count()).toBe(0); // not the owner
    const tabs = pageB.getByRole('tablist', { name: 'Categories' });
    await tabs.getByRole('tab', { name: 'Travel' }).click();
    await pageB.getByText('Nobody has posted in this category yet', { exact: false }).waitFor();
    expect(await card.count()).toBe(0);
    await tabs.getByRole('tab', { name: 'Food' }).click();
    await card.waitFor();

    // B likes: the count moves at once, and A hears about it live.
    await card.getByRole('button', { name: 'Like, 0 likes', exact: true }).click();
    await card.getByRole('button', { name: 'Unlike, 1 likes', exact: true }).waitFor();
    await expect.poll(() => badge(pageA).textContent(), { timeout: 10_000 }).toBe('1');
    await pageA.getByText(`@${b.username} liked your post`).first().waitFor();

    // B comments: shown at once as 'You', 'Just now'; A hears about it live.
    await card.getByRole('button', { name: /^Comments/ }).click();
    const comments = pageB.getByRole('dialog', { name: 'Comments' });
    await comments.getByText('No comments yet. Be the first!').waitFor();
    await comments.getByRole('textbox', { name: 'Comment' }).fill('Saving this for Saturday!');
    await comments.getByRole('textbox', { name: 'Comment' }).press('Enter');
    await comments.getByText('Saving this for Saturday!').waitFor();
    expect(await comments.getByText('Just now').first().isVisible()).toBe(true);
    await comments.getByText(b.name).waitFor(); // the server's copy replaced the local 'You'
    await expect.poll(() => badge(pageA).textContent(), { timeout: 10_000 }).toBe('2');
    await comments.getByRole('button', { name: 'Close' }).click();

    // A visitor opens the share link: the preview without comments.
    const visitor = await e2e.newPage({ width: 390, height: 844 });
    const asked: string[] = [];
    visitor.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/p/')) asked.push(r.url());
    });
    await visitor.goto(`/p/${postId}`);
    // The server painted the post before the app ran (#prepaint); the app's own page replaces it.
    const app = visitor.locator('#root');
    await app.getByText('Momo night in Patan!').waitFor();
    expect(await visitor.locator('#prepaint').getByText('Momo night in Patan!').count()).toBe(1);
    expect(await visitor.locator('#prepaint').isVisible()).toBe(false);
    // The page came with the post (the server's answer in it): nothing more to ask over a slow network.
    expect(asked).toEqual([]);
    expect(await app.getByText(Messages.post.signInForComments).isVisible()).toBe(true);
    expect(await app.getByText('Asha Gurung').isVisible()).toBe(true);
    expect(await visitor.getByText('Saving this for Saturday!').count()).toBe(0);
    expect(await visitor.getByRole('textbox').count()).toBe(0);

    // A edits: B's feed shows the new text in place.
    await mine.getByRole('button', { name: 'Post options' }).click();
    await pageA.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = pageA.getByRole('dialog', { name: 'Edit post' });
    await edit.getByLabel('Post').fill('Momo night moved to Sunday.');
    await edit.getByRole('button', { name: 'Save' }).click();
    await pageB.getByText('Momo night moved to Sunday.').waitFor();

    // A deletes: it leaves B's feed, and the share link says so.
    const edited = pageA.getByRole('article').filter({ hasText: 'Momo night moved to Sunday.' });
    await edited.getByRole('button', { name: 'Post options' }).click();
    await pageA.getByRole('menuitem', { name: 'Delete' }).click();
    await pageA.getByRole('dialog', { name: 'Delete post?' }).getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => pageB.getByText('Momo night moved to Sunday.').count(), { timeout: 10_000 }).toBe(0);
    await visitor.reload();
    await visitor.getByText(Messages.post.notFound).waitFor();
    expect(asked).toHaveLength(1); // a deleted post comes with nothing: the app asked, and was told
  });

  it('sends signed-in viewers of /p/{id} on to /view/{id}, and shares with a QR code and a copied link', async () => {
    const a = await createUser(e2e.db);
    const pageA = await signedInPage(a);
    const form = new FormData();
    form.set('content', ['Shared from Bhaktapur', ...Array.from({ length: 19 }, (_, i) => `Line ${i + 2}`)].join('\n'));
    const res = await fetch(`${e2e.baseUrl}/api/createPost`, {
      method: 'POST',
      body: form,
      headers: { cookie: await sessionCookie(e2e.db, a.id) },
    });
    const { post } = (await res.json()) as { post: { post_id: string } };
    await pageA.goto(`/p/${post.post_id}`);
    await pageA.waitForURL(new RegExp(`/view/${post.post_id}$`));
    const article = pageA.getByRole('article', { name: /Post by/ });
    await article.getByText('Shared from Bhaktapur').waitFor();
    // 20 lines collapse after 15.
    await article.getByRole('button', { name: Messages.post.showMore }).click();
    await article.getByRole('button', { name: Messages.post.showLess }).waitFor();
    await article.getByRole('button', { name: /^Share/ }).click();
    const share = pageA.getByRole('dialog', { name: 'Share post' });
    const qr = share.getByRole('img', { name: 'QR code of the post link' });
    expect(await qr.getAttribute('width')).toBe('300');
    const href = await share.getByRole('link', { name: 'WhatsApp' }).getAttribute('href');
    expect(decodeURIComponent(href!)).toMatch(new RegExp(`/p/${post.post_id}\\?ref=[a-z0-9]{10}#[a-z0-9]{6}`));
    await share.getByRole('button', { name: 'Copy link' }).click();
    await pageA.getByText(Messages.post.linkCopied).waitFor();
    await share.getByRole('button', { name: 'Close' }).click();
    await article.getByRole('button', { name: 'Share, 1', exact: true }).waitFor();
    // Counted on the server too: a fresh load shows it.
    await pageA.reload();
    await pageA
      .getByRole('article', { name: /Post by/ })
      .getByRole('button', { name: 'Share, 1', exact: true })
      .waitFor();
  });
});
