/**
 * The built areas as a careful member meets them (issue 19), each in their own browser context:
 * logout does not hand the last page to the next member, messages count on the messages badge and
 * not the bell, "Seen" from stored read marks, the public post page, the mobile notifications count,
 * the post text limit, live feed, comments and replies, the share QR size, and an axe check
 * (serious and critical = 0) on every screen visited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { LIMITS, Messages, UxMessages } from '@sajha/contract';
import { chatMembers } from '../apps/server/src/db/schema.js';
import { notify } from '../apps/server/src/features/notifications/service.js';
import { createUser, sessionCookie, type TestUser } from '../apps/server/test/harness.js';
import { expectAccessible } from './axe.js';
import { luminance, startE2E, type E2E, type Viewport } from './harness.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const desktop = { width: 1440, height: 900 };
const phone = { width: 390, height: 844 };

async function signedInPage(user: TestUser, viewport: Viewport = desktop): Promise<Page> {
  const page = await e2e.newPage(viewport);
  const [name, value] = (await sessionCookie(e2e.db, user.id, true)).split('=');
  await page.context().addCookies([{ name: name!, value: value!, url: e2e.baseUrl, httpOnly: true, sameSite: 'Lax' }]);
  return page;
}

async function createPost(user: TestUser, content: string, image?: Buffer): Promise<string> {
  const form = new FormData();
  form.set('content', content);
  if (image) form.append('mediaFiles', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'photo.jpg');
  const res = await fetch(`${e2e.baseUrl}/api/createPost`, {
    method: 'POST',
    body: form,
    headers: { cookie: await sessionCookie(e2e.db, user.id) },
  });
  expect(res.status).toBe(200);
  const { post } = (await res.json()) as { post: { post_id: string } };
  return post.post_id;
}

const chatsOf = async (userId: string) =>
  (await e2e.db.select().from(chatMembers).where(eq(chatMembers.userId, userId))).length;
const main = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const visibleBadge = '.MuiBadge-badge:not(.MuiBadge-invisible)';
const bubble = (page: Page, text: string) => page.locator('[data-message-id]', { hasText: text });

describe('logout and next', () => {
  it('after logging out on /message/{x}, the next member signs in to /home and gets no chat', async () => {
    const a = await createUser(e2e.db, { name: 'Asha Gurung' });
    const b = await createUser(e2e.db, { name: 'Bikash Thapa' });
    const c = await createUser(e2e.db, { name: 'Chandra Rai' });
    const page = await signedInPage(a);
    await page.goto('/home');
    await main(page).waitFor();
    await page.goto(`/message/@${c.username}`);
    await page.getByRole('link', { name: 'Chandra Rai', exact: true }).waitFor();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('dialog', { name: Messages.logout.title }).getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL((url) => url.pathname === '/signin');
    await page.getByLabel('Email').waitFor();
    expect(new URL(page.url()).search).toBe(''); // no ?next= naming the previous member's page
    // Back through the previous member's history in this tab: still no `next` carried over.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/signin');
    await page.getByLabel('Email').waitFor();
    expect(new URL(page.url()).search).toBe('');
    await page.reload();
    await page.getByLabel('Email').waitFor();
    expect(new URL(page.url()).search).toBe('');
    await expectAccessible(page);

    await page.getByLabel('Email').fill(b.email);
    await page.getByLabel('Password', { exact: true }).fill(b.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/home');
    await main(page).waitFor();
    expect(await chatsOf(b.id)).toBe(0);
    // Nor does the chat A opened with C (and never wrote in) show in anyone's list.
    const pc = await signedInPage(c);
    await pc.goto('/message');
    await pc.getByText(Messages.chat.empty).waitFor();
  });

  it('a signed-out visitor sent to sign in from a protected page goes back there', async () => {
    const b = await createUser(e2e.db, { name: 'Bina Shrestha' });
    const postId = await createPost(b, 'Sunrise at Sarangkot');
    const page = await e2e.newPage(desktop);
    await page.goto(`/view/${postId}`);
    await page.waitForURL((url) => url.pathname === '/signin');
    expect(new URL(page.url()).searchParams.get('next')).toBe(`/view/${postId}`);
    await page.getByLabel('Email').fill(b.email);
    await page.getByLabel('Password', { exact: true }).fill(b.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/view/${postId}`);
    await page.getByText('Sunrise at Sarangkot').waitFor();
  });
});

describe('messages, the bell and Seen', () => {
  it('a message raises the messages badge, not the bell; Seen shows live and after a reload', async () => {
    const a = await createUser(e2e.db, { name: 'Asha Gurung' });
    const b = await createUser(e2e.db, { name: 'Bikash Thapa' });
    const [pa, pb] = await Promise.all([signedInPage(a), signedInPage(b)]);
    await pb.goto('/home');
    await main(pb).waitFor();
    await pa.goto(`/message/@${b.username}`);
    const box = pa.getByRole('textbox', { name: 'Message' });
    await box.fill('Namaste, timro din kasto chha?');
    await box.press('Enter');
    await bubble(pa, 'Namaste, timro din').getByText('Just now').waitFor();

    const messages = main(pb).getByRole('link', { name: /Messages/ });
    await expect.poll(() => messages.locator(visibleBadge).textContent(), { timeout: 10_000 }).toBe('1');
    // The count is spoken, not only drawn.
    expect(await messages.getAttribute('aria-label')).toBeNull();
    await main(pb)
      .getByRole('link', { name: /^Messages\W+1 unread$/ })
      .waitFor();
    const bell = main(pb).getByRole('button', { name: /Notifications/ });
    expect(await bell.locator(visibleBadge).count()).toBe(0);
    await bell.click();
    const panel = pb.getByRole('dialog', { name: 'Notifications' });
    await panel.waitFor();
    await panel.getByText('Likes, comments, messages and mentions will show up here.').waitFor();
    await expectAccessible(pb);
    await pb.keyboard.press('Escape');

    // Not yet read: no Seen. B opens the chat: A sees Seen at once, and again after a reload.
    expect(await bubble(pa, 'Namaste, timro din').getByText('Seen').count()).toBe(0);
    await messages.click();
    await pb.getByRole('button', { name: /Chat with Asha Gurung\W+Namaste/ }).click();
    await bubble(pb, 'Namaste, timro din').waitFor();
    await bubble(pa, 'Namaste, timro din').getByText(/Seen/).waitFor({ timeout: 10_000 });
    await expectAccessible(pb);
    // B is looking: a second message is read as it arrives.
    await box.fill('Ramro!');
    await box.press('Enter');
    await bubble(pb, 'Ramro!').waitFor();
    await bubble(pa, 'Ramro!').getByText(/Seen/).waitFor({ timeout: 10_000 });
    await pa.reload();
    await bubble(pa, 'Namaste, timro din').getByText(/Seen/).waitFor();
    await bubble(pa, 'Ramro!').getByText(/Seen/).waitFor();
    await expectAccessible(pa);
  });
});

describe('posts', () => {
  it('the public post page: media on the left, like asks a visitor to sign in, share works', async () => {
    const a = await createUser(e2e.db, { name: 'Asha Gurung' });
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2e7d32' } })
      .jpeg()
      .toBuffer();
    const postId = await createPost(a, 'Rhododendrons in bloom above Ghorepani', photo);
    const visitor = await e2e.newPage(desktop);
    await visitor.goto(`/p/${postId}`);
    const article = visitor.getByRole('article', { name: 'Post by Asha Gurung' });
    const text = article.getByText('Rhododendrons in bloom above Ghorepani');
    await text.waitFor();
    const media = article.getByTestId('post-media');
    await media.locator('img').waitFor();
    const [m, t] = [await media.boundingBox(), await text.boundingBox()];
    expect(m!.x + m!.width).toBeLessThanOrEqual(t!.x); // media left of the text
    expect(await article.getByText(Messages.post.signInForComments).isVisible()).toBe(true);
    await expectAccessible(visitor);

    await article.getByRole('button', { name: 'Like, 0 likes', exact: true }).click();
    const ask = visitor.getByRole('dialog', { name: UxMessages.signInToLike });
    await ask.waitFor();
    expect(await ask.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      `/signin?next=${encodeURIComponent(`/view/${postId}`)}`,
    );
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await article.getByRole('button', { name: 'Share, 0', exact: true }).click();
    const share = visitor.getByRole('dialog', { name: 'Share post' });
    const href = await share.getByRole('link', { name: 'WhatsApp' }).getAttribute('href');
    expect(decodeURIComponent(href!)).toContain(`/p/${postId}?ref=`);
    await share.getByRole('img', { name: 'QR code of the post link' }).waitFor();
    await expectAccessible(visitor);
  });

  it('post text stops at 500: a longer paste is cut with a visible notice', async () => {
    const a = await createUser(e2e.db);
    const page = await signedInPage(a);
    await page.goto('/home');
    await main(page).getByRole('button', { name: 'Create Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Post' });
    const field = dialog.getByLabel("What's on your mind?");
    await field.fill('namaste '.repeat(75)); // 600 characters, as a paste delivers them
    expect((await field.inputValue()).length).toBe(LIMITS.postContentMax);
    await dialog.getByText(UxMessages.postTruncated).waitFor();
    await dialog.getByText('500/500').waitFor();
    await field.press('End');
    await field.pressSequentially('more');
    expect((await field.inputValue()).length).toBe(LIMITS.postContentMax);
    await expectAccessible(page);
  });

  it('new posts wait in an "N new posts" pill; comments and replies arrive live; a reply opens its thread', async () => {
    const a = await createUser(e2e.db, { name: 'Asha Gurung' });
    const b = await createUser(e2e.db, { name: 'Bikash Thapa' });
    const first = await createPost(b, 'Dal bhat power, 24 hour');
    const [pa, pb] = await Promise.all([signedInPage(a), signedInPage(b)]);
    await pa.goto('/home');
    await pa.getByText('Dal bhat power, 24 hour').waitFor();
    await expectAccessible(pa);

    await createPost(b, 'Trekking to Poon Hill this weekend');
    await createPost(b, 'Who is coming to Tihar in Bhaktapur?');
    const pill = pa.getByRole('button', { name: UxMessages.newPosts(2) });
    await pill.waitFor({ timeout: 10_000 });
    expect(await pa.getByText('Trekking to Poon Hill').count()).toBe(0); // the list does not jump
    await pill.click();
    const cards = pa.getByRole('article');
    await expect.poll(() => cards.first().textContent()).toContain('Who is coming to Tihar');
    await expect.poll(() => pill.count()).toBe(0);

    // Both open the first post: B's comment appears on A's page, A's reply on B's.
    await Promise.all([pa.goto(`/view/${first}`), pb.goto(`/view/${first}`)]);
    await pa.getByText('No comments yet. Be the first!').waitFor();
    await pb.getByText('No comments yet. Be the first!').waitFor();
    await pb.getByRole('textbox', { name: 'Comment' }).fill('Sahi ho!');
    await pb.getByRole('textbox', { name: 'Comment' }).press('Enter');
    const onA = pa.getByTestId('comment').filter({ hasText: 'Sahi ho!' });
    await onA.waitFor({ timeout: 10_000 });
    await onA.getByRole('button', { name: 'Reply' }).click();
    await pa.getByRole('textbox', { name: 'Reply' }).fill('Dherai dhanyabad');
    await pa.getByRole('textbox', { name: 'Reply' }).press('Enter');
    // A's own reply is in view at once: the thread opened.
    await onA.getByText('Dherai dhanyabad').waitFor();
    expect(await onA.getByRole('button', { name: 'Hide replies' }).isVisible()).toBe(true);
    const onB = pb.getByTestId('comment').filter({ hasText: 'Sahi ho!' });
    await onB.getByRole('button', { name: 'Show replies (1)' }).click({ timeout: 10_000 });
    await onB.getByText('Dherai dhanyabad').waitFor();
    await expectAccessible(pa);
  });
});

describe('phones (390 px)', () => {
  it('unread notifications show on the menu button; the share QR code is 300x300', async () => {
    const a = await createUser(e2e.db, { name: 'Asha Gurung' });
    const postId = await createPost(a, 'Phewa lake at dusk');
    const page = await signedInPage(a, phone);
    await page.goto('/home');
    const bar = page.getByRole('navigation', { name: 'Bottom' });
    await bar.getByRole('button', { name: 'Open menu' }).waitFor();
    await page.getByText('Phewa lake at dusk').waitFor();
    await expectAccessible(page);

    await notify(e2e.app.deps, a.id, { type: 'system', message: 'Welcome to Sajha!' });
    await notify(e2e.app.deps, a.id, { type: 'system', message: 'Your profile is half done' });
    const badge = page.getByTestId('menu-notifications-badge');
    await expect.poll(() => badge.textContent(), { timeout: 10_000 }).toBe('2');
    // The badge scales in (MUI's transition): wait for it rather than reading it mid-animation.
    await badge.waitFor({ state: 'visible' });
    await bar.getByRole('button', { name: /^Open menu\W+2 unread notifications$/i }).waitFor();
    await expectAccessible(page);

    await page
      .getByRole('article')
      .filter({ hasText: 'Phewa lake at dusk' })
      .getByRole('button', { name: /^Share/ })
      .click();
    const qr = page.getByRole('dialog', { name: 'Share post' }).getByRole('img', { name: 'QR code of the post link' });
    const box = await qr.boundingBox();
    expect(Math.round(box!.width)).toBe(300);
    expect(Math.round(box!.height)).toBe(300);
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(phone.width);
    // The dialog shares this very post: its link field (what the code holds) names it.
    const link = await page
      .getByRole('dialog', { name: 'Share post' })
      .getByRole('textbox', { name: 'Post link' })
      .inputValue();
    expect(link).toMatch(new RegExp(`^${e2e.baseUrl}/p/${postId}\\?ref=\\w+#\\w+$`));
    await expectAccessible(page);
  });

  it('the home feed stays where it is when the spotlight card arrives after the posts', async () => {
    const a = await createUser(e2e.db, { name: 'Bina Karki' });
    await createPost(a, 'Tea in Ilam, mist over the gardens');
    // Someone to put in the spotlight: a member who posted this month.
    await createPost(await createUser(e2e.db, { name: 'Dawa Sherpa' }), 'Namche market on Saturday');
    const page = await signedInPage(a, phone);
    // Every layout shift, with the labels of what moved.
    await page.addInitScript(() => {
      const shifts: string[][] = [];
      (window as unknown as { shifts: string[][] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { sources: { node?: Node | null }[] }[])
          shifts.push(
            entry.sources.map((s) => (s.node instanceof Element ? (s.node.getAttribute('aria-label') ?? '') : '')),
          );
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // The spotlight's answer comes a second and a half late (a slow network): the posts are shown first.
    await page.routeWebSocket(/\/real\//, (ws) => {
      const server = ws.connectToServer();
      ws.onMessage((m) => server.send(m));
      server.onMessage((m) => {
        if (typeof m === 'string' && m.includes('"spotlightUser"')) setTimeout(() => ws.send(m), 1500);
        else ws.send(m);
      });
    });
    await page.goto('/home');
    await page.getByText('Tea in Ilam, mist over the gardens').waitFor();
    await page.locator('[aria-label="Spotlight"]').waitFor();
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const moved = await page.evaluate(() => (window as unknown as { shifts: string[][] }).shifts.flat());
    expect(moved).not.toContain('Posts');
  });
});

describe('Nepali text', () => {
  it('loads the Devanagari web font only on a page that shows Devanagari, and draws "साझा" with it', async () => {
    const page = await e2e.newPage(desktop);
    const fonts: string[] = [];
    page.on('request', (r) => {
      if (/\.woff2$/.test(new URL(r.url()).pathname)) fonts.push(new URL(r.url()).pathname);
    });
    await page.goto('/signin');
    await page.getByLabel('Email').waitFor();
    await page.evaluate(() => document.fonts.ready);
    expect(fonts.filter((f) => f.includes('devanagari'))).toEqual([]); // no Nepali here, no download
    await expectAccessible(page);

    await page.goto('/signup');
    await page.getByLabel('Email').waitFor();
    await expectAccessible(page);

    await page.goto('/');
    const word = page.locator('span[lang="ne"]', { hasText: 'साझा' });
    await word.scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        page.evaluate(async () => {
          await document.fonts.ready;
          // Either the web font drew it, or an installed Devanagari font came first in the stack.
          return Array.from(document.fonts as unknown as Iterable<FontFace>).some(
            (f) => f.family.includes('Noto Sans Devanagari') && f.status === 'loaded',
          )
            ? 'web font'
            : document.fonts.check('16px "Nirmala UI", "Kohinoor Devanagari"', 'साझा')
              ? 'installed'
              : 'missing';
        }),
      )
      .not.toBe('missing');
    // Its glyphs are real shapes, not four equal empty boxes: the word is not as wide as 4 boxes of
    // U+10FFFD. Polled: with font-display: swap, a face can report "loaded" a frame before the text is
    // laid out again with it, and until then the word is drawn as boxes.
    const widths = () =>
      word.evaluate((el) => {
        const probe = document.createElement('span');
        probe.style.font = getComputedStyle(el).font;
        probe.textContent = '\u{10FFFD}\u{10FFFD}\u{10FFFD}\u{10FFFD}';
        document.body.append(probe);
        const tofu = probe.getBoundingClientRect().width;
        probe.remove();
        return { word: el.getBoundingClientRect().width, tofu };
      });
    expect((await widths()).word).toBeGreaterThan(0);
    await expect
      .poll(async () => {
        const w = await widths();
        return Math.abs(w.word - w.tofu);
      })
      .toBeGreaterThanOrEqual(0.5);
    await expectAccessible(page);
  });
});

/** Contrast ratio of two sRGB luminances (WCAG). */
const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

describe('visual fixes', () => {
  it('sidebar avatar not underlined, dialog tabs inside its padding, message options visible in dark mode, chat toasts clear of the composer', async () => {
    const a = await createUser(e2e.db, { name: 'Asha Gurung' });
    const b = await createUser(e2e.db, { name: 'Bikash Thapa' });
    const page = await signedInPage(a);
    await page.goto(`/message/@${b.username}`);
    const avatar = main(page)
      .locator('xpath=ancestor::div[contains(@class,"MuiDrawer-paper")]')
      .locator('a[href="/profile"]');
    expect(await avatar.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('none');

    // New conversation: the Direct/Group tabs line up with the dialog's 24 px padding.
    await page.getByRole('button', { name: 'New conversation', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New conversation' });
    const paper = await dialog.boundingBox();
    const tabs = await dialog.getByRole('tablist').boundingBox();
    expect(tabs!.x - paper!.x).toBeGreaterThanOrEqual(23);
    expect(paper!.x + paper!.width - (tabs!.x + tabs!.width)).toBeGreaterThanOrEqual(23);
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Dark mode: the message options icon stands out from the background (3:1 for UI parts).
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Dark mode check');
    await box.press('Enter');
    const options = bubble(page, 'Dark mode check').getByRole('button', { name: 'Message options' });
    await options.waitFor();
    const look = await options.evaluate((el) => {
      let bg = 'rgba(0, 0, 0, 0)';
      for (let n: Element | null = el; n && /rgba\(0, 0, 0, 0\)|transparent/.test(bg); n = n.parentElement)
        bg = getComputedStyle(n).backgroundColor;
      return { color: getComputedStyle(el).color, opacity: Number(getComputedStyle(el).opacity), bg };
    });
    const alpha = Number(/rgba\([^)]*,\s*([\d.]+)\)/.exec(look.color)?.[1] ?? 1) * look.opacity;
    const [fg, bgL] = [luminance(look.color), luminance(look.bg)];
    const blended = fg * alpha + bgL * (1 - alpha); // close enough for a grey on a grey
    expect(luminance(look.bg)).toBeLessThan(0.05); // really dark
    expect(contrast(blended, bgL)).toBeGreaterThanOrEqual(3);
    await expectAccessible(page);

    // An error toast on the chat screen does not cover the attach, camera and emoji buttons.
    const big = Buffer.alloc(3 * 1024 * 1024, 1);
    await page
      .getByTestId('chat-file-input')
      .setInputFiles({ name: 'huge.pdf', mimeType: 'application/pdf', buffer: big });
    const toast = page.getByText(/File too large/);
    await toast.waitFor();
    const t = (await toast.boundingBox())!;
    for (const name of ['Attach files', 'Camera', 'Emoji', 'Send']) {
      const c = (await page.getByRole('button', { name, exact: true }).boundingBox())!;
      const overlap = t.x < c.x + c.width && c.x < t.x + t.width && t.y < c.y + c.height && c.y < t.y + t.height;
      expect(overlap, `toast covers ${name}`).toBe(false);
    }
  });
});

describe('one time zone', () => {
  it("a new-device sign-in notice carries no server clock time; its time shows in the browser's zone", async () => {
    const a = await createUser(e2e.db, { name: 'Asha Gurung' });
    const signIn = async (page: Page) => {
      await page.goto('/signin');
      await page.getByLabel('Email').fill(a.email);
      await page.getByLabel('Password', { exact: true }).fill(a.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/home');
    };
    // Two browsers far from the server's zone (Asia/Kathmandu): the second sign-in is a new device.
    const contexts = await Promise.all(
      ['America/Los_Angeles', 'Pacific/Auckland'].map((timezoneId) =>
        e2e.browser.newContext({ baseURL: e2e.baseUrl, timezoneId, viewport: desktop }),
      ),
    );
    try {
      const [first, second] = await Promise.all(contexts.map((c) => c.newPage()));
      await signIn(first!);
      await signIn(second!);
      const bell = main(first!).getByRole('button', { name: /Notifications/ });
      await expect.poll(() => bell.locator(visibleBadge).textContent(), { timeout: 10_000 }).toBe('1');
      await bell.click();
      const item = first!.getByTestId('notification-item').filter({ hasText: 'New sign-in' });
      await item.waitFor();
      const text = (await item.locator('p').first().textContent()) ?? '';
      expect(text).toMatch(/^New sign-in to your account from /);
      expect(text).not.toMatch(/\d{1,2}:\d{2}/); // no time of day in some other zone
      const shown = (await item.locator('p.MuiTypography-caption').first().textContent()) ?? '';
      const local = await first!.evaluate(() => {
        const f = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
        const now = Date.now();
        return [f.format(now - 60_000), f.format(now), f.format(now + 60_000)];
      });
      expect(local).toContain(shown); // the browser's own zone (Los Angeles here)
    } finally {
      await Promise.all(contexts.map((c) => c.close()));
    }
  });
});
