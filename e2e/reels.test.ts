/** Reels as two members meet them: upload with progress and processing, live arrival, the 50% play rule, shared mute, paging, likes, comments, deep links and seeking. */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ReelMessages } from '@sajha/contract';
import { reels } from '../apps/server/src/db/schema.js';
import { createUser, sessionCookie, type TestUser } from '../apps/server/test/harness.js';
import { expectAccessible } from './axe.js';
import { makeClip } from './clips.js';
import { startE2E, type E2E } from './harness.js';

let e2e: E2E;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'sajha-e2e-reels-'));
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
  rmSync(tmp, { recursive: true, force: true });
});

/** A real short portrait clip with sound, made by ffmpeg. */
const portraitClip = (name: string, seconds: number, hue: number) =>
  makeClip(tmp, name, {
    picture: `testsrc2=size=240x426:rate=12:duration=${seconds},hue=h=${hue}`,
    seconds,
    tone: 300 + hue,
  });

/** A plain white portrait clip: the worst case for the white counts, texts and icons laid over a video. */
const whiteClip = (name: string, seconds: number) =>
  makeClip(tmp, name, { picture: `color=c=white:size=360x640:rate=12:duration=${seconds}`, seconds, tone: 440 });

/** WCAG contrast of white against the brightest pixel of a region of the page as painted. */
async function whiteContrastOver(page: Page, box: { x: number; y: number; width: number; height: number }) {
  const png = await page.screenshot({ clip: box });
  const { channels } = await sharp(png).stats();
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = channels.map((c) => lin(c.max));
  const luminance = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  return 1.05 / (luminance + 0.05);
}

async function signedInPage(user: TestUser, viewport = { width: 1440, height: 900 }): Promise<Page> {
  const page = await e2e.newPage(viewport);
  const [name, value] = (await sessionCookie(e2e.db, user.id, true)).split('=');
  await page.context().addCookies([{ name: name!, value: value!, url: e2e.baseUrl, httpOnly: true, sameSite: 'Lax' }]);
  return page;
}

/** Uploads through the real endpoint (as the dialog does) and waits until the worker has finished. */
async function seedReel(user: TestUser, title: string, bytes: Buffer): Promise<string> {
  const form = new FormData();
  form.set('title', title);
  form.set('description', `About ${title}`);
  form.set('category', 'travel');
  form.set('video', new Blob([new Uint8Array(bytes)], { type: 'video/mp4' }), `${title}.mp4`);
  const res = await fetch(`${e2e.baseUrl}/api/reels`, {
    method: 'POST',
    body: form,
    headers: { cookie: await sessionCookie(e2e.db, user.id) },
  });
  const body = (await res.json()) as { id: string };
  expect(res.status).toBe(202);
  return body.id;
}

/** Waits until the transcode queue has nothing waiting or running; by then every seeded reel is ready. */
async function waitReady(ids: string[]): Promise<void> {
  await e2e.app.deps.jobs.idle('reel.transcode', 60_000);
  const rows = await e2e.db.select({ status: reels.status }).from(reels).where(inArray(reels.id, ids));
  expect(rows.map((r) => r.status)).toEqual(ids.map(() => 'ready'));
}

/** Index of every playing video's card. */
const playing = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLVideoElement>('[data-testid="reel-card"] video'))
      .filter((v) => !v.paused && !v.ended)
      .map((v) => Number((v.closest('[data-testid="reel-card"]') as HTMLElement).dataset.index)),
  );

async function waitPlayingOnly(page: Page, index: number): Promise<void> {
  await page.waitForFunction(
    (i) => {
      const vids = Array.from(document.querySelectorAll<HTMLVideoElement>('[data-testid="reel-card"] video'));
      const on = vids.filter((v) => !v.paused && !v.ended);
      return (
        on.length === 1 && (on[0]!.closest('[data-testid="reel-card"]') as HTMLElement).dataset.index === String(i)
      );
    },
    index,
    { timeout: 15_000 },
  );
}

const card = (page: Page, index: number) => page.locator(`[data-testid="reel-card"][data-index="${index}"]`);

describe('reels', () => {
  it('A uploads a portrait clip and B sees it arrive; the viewer plays one at a time, keeps mute, pages, counts and seeks', async () => {
    const a = await createUser(e2e.db, { name: 'Asha Gurung' });
    const b = await createUser(e2e.db, { name: 'Bikash Thapa' });
    const pageB = await signedInPage(b);
    await pageB.goto('/clips');
    await pageB.getByText(ReelMessages.empty).waitFor();
    await pageB.getByRole('button', { name: 'Upload a reel' }).waitFor();
    await expectAccessible(pageB);

    // A uploads through the dialog; progress and then processing show.
    const pageA = await signedInPage(a, { width: 390, height: 844 });
    await pageA.goto('/clips');
    await pageA.getByRole('button', { name: 'Upload a reel' }).first().click();
    const dialog = pageA.getByRole('dialog', { name: 'Upload a reel' });
    await dialog.getByLabel('Video file').setInputFiles({
      name: 'sunrise.mp4',
      mimeType: 'video/mp4',
      buffer: portraitClip('sunrise.mp4', 6, 0),
    });
    await dialog.getByLabel('Title').fill('Sunrise over Nagarkot');
    await dialog.getByLabel('Description').fill('Clouds below the hills');
    await dialog.getByRole('combobox', { name: 'Category' }).click();
    await pageA.getByRole('option', { name: 'Travel' }).click();
    await expectAccessible(pageA);
    // Every state the dialog passes through is recorded, however briefly it shows.
    await pageA.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      new MutationObserver(() => {
        const d = document.querySelector('[role="dialog"]');
        if (d) seen.push(d.textContent ?? '');
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await pageA.getByText(ReelMessages.ready).waitFor({ timeout: 60_000 });
    const seen = await pageA.evaluate(() => (window as unknown as { seen: string[] }).seen.join('\n'));
    expect(seen).toMatch(/Uploading… \d+%/);
    expect(seen).toContain('Processing your reel…');
    await card(pageA, 0).getByRole('heading', { name: 'Sunrise over Nagarkot' }).waitFor();

    // B was watching the empty page: the reel arrives live, with its author linking to the profile.
    const first = card(pageB, 0);
    await first.getByRole('heading', { name: 'Sunrise over Nagarkot' }).waitFor();
    expect(await first.getByRole('link', { name: 'Asha Gurung' }).getAttribute('href')).toBe(`/u/@${a.username}`);
    await expectAccessible(pageB);
    const [firstId] = await e2e.db.select({ id: reels.id }).from(reels).where(eq(reels.title, 'Sunrise over Nagarkot'));

    // Six more, so there is a second page.
    const clip = portraitClip('seed.mp4', 8, 120);
    const ids: string[] = [];
    // Three at a time: a member may have at most three clips processing (REEL_LIMITS.maxProcessing).
    for (let i = 1; i <= 6; i++) {
      ids.push(await seedReel(a, `Reel ${i}`, clip));
      if (i % 3 === 0) await waitReady(ids);
    }

    const ranges: number[] = [];
    pageB.on('response', (r) => {
      if (r.url().includes('/media/reel/')) ranges.push(r.status());
    });
    await pageB.reload();
    await card(pageB, 0).getByRole('heading', { name: 'Reel 6' }).waitFor();
    expect(await pageB.locator('[data-testid="reel-card"]').count()).toBe(5);
    await waitPlayingOnly(pageB, 0);
    expect(await pageB.evaluate(() => document.querySelector('video')!.textContent)).toBe(
      'Your browser does not support the video tag.',
    );

    // Controls hide after 2 s of play.
    await pageB.mouse.move(5, 5);
    await card(pageB, 0)
      .locator('[data-testid="reel-controls"][data-visible="false"]')
      .waitFor({ state: 'attached', timeout: 6000 });

    // Unmute once; it carries to the next reel.
    await card(pageB, 0).hover();
    await card(pageB, 0).getByRole('button', { name: 'Unmute' }).click();
    await pageB.mouse.move(5, 5);
    await pageB.keyboard.press('ArrowDown');
    await waitPlayingOnly(pageB, 1);
    expect(await pageB.evaluate(() => document.querySelector<HTMLVideoElement>('[data-index="1"] video')!.muted)).toBe(
      false,
    );

    // The 50% rule while scrolling by hand: 60% of card 2 in view plays it, card 1 pauses.
    await pageB.evaluate(() => {
      const s = document.querySelector<HTMLElement>('[data-testid="reels-scroller"]')!;
      s.style.scrollSnapType = 'none';
      s.scrollTop = s.clientHeight * 1.6;
    });
    await waitPlayingOnly(pageB, 2);
    expect(await playing(pageB)).toEqual([2]);
    await pageB.evaluate(() => {
      const s = document.querySelector<HTMLElement>('[data-testid="reels-scroller"]')!;
      s.scrollTop = s.clientHeight * 2;
      s.style.scrollSnapType = '';
    });

    // Seeking near the end: the browser asks for a byte range (206), and the end moves to the next reel.
    await pageB.evaluate(() => {
      const v = document.querySelector<HTMLVideoElement>('[data-index="2"] video')!;
      v.currentTime = Math.max(0, v.duration - 0.4);
    });
    await waitPlayingOnly(pageB, 3);
    expect(ranges).toContain(206);

    // Before the last reel of the page, the next page of 5 arrives (7 in all).
    await pageB.keyboard.press('ArrowDown');
    await waitPlayingOnly(pageB, 4);
    await pageB.waitForFunction(() => document.querySelectorAll('[data-testid="reel-card"]').length === 7);
    await card(pageB, 6).getByRole('heading', { name: 'Sunrise over Nagarkot' }).waitFor({ state: 'attached' });

    // Space pauses the playing reel.
    await pageB.keyboard.press('Space');
    await pageB.waitForFunction(() => document.querySelector<HTMLVideoElement>('[data-index="4"] video')!.paused);

    // Likes and comments move the counts.
    const active = card(pageB, 4);
    await active.getByRole('button', { name: 'Like' }).click();
    await active.getByTestId('unlike-count').getByText('1').waitFor();
    await active.getByRole('button', { name: 'Comments' }).click();
    const comments = pageB.getByRole('dialog', { name: 'Comments' });
    await comments.getByRole('textbox', { name: 'Comment' }).fill('Beautiful light!');
    await comments.getByRole('textbox', { name: 'Comment' }).press('Enter');
    await comments.getByText('Beautiful light!').waitFor();
    await expectAccessible(pageB);
    await comments.getByRole('button', { name: 'Close' }).click();
    await active.getByTestId('comments-count').getByText('1').waitFor();
    // A hears of both.
    await pageA.getByText(`@${b.username} liked your reel`).first().waitFor();

    // /clips/{id} opens that reel first.
    await pageB.goto(`/clips/${firstId!.id}`);
    await card(pageB, 0).getByRole('heading', { name: 'Sunrise over Nagarkot' }).waitFor();
    await waitPlayingOnly(pageB, 0);
  }, 240_000);

  it('on a white clip the counts, texts and controls sit on gradient scrims that let clicks through; its share, menu, report and delete dialogs pass axe', async () => {
    const a = await createUser(e2e.db, { name: 'Chandra Rai' });
    const b = await createUser(e2e.db, { name: 'Dipa Shrestha' });
    const id = await seedReel(a, 'White wall', whiteClip('white.mp4', 4));
    await waitReady([id]);

    for (const [label, viewport] of [
      ['390', { width: 390, height: 844 }],
      ['1440', { width: 1440, height: 900 }],
    ] as const) {
      const page = await signedInPage(b, viewport);
      await page.goto(`/clips/${id}`);
      const first = card(page, 0);
      await first.getByRole('heading', { name: 'White wall' }).waitFor();
      await waitPlayingOnly(page, 0);
      // Paused, the controls stay on screen (they hide after 2 s of play).
      await first.hover();
      await first.getByRole('button', { name: 'Pause' }).click();
      await page.waitForFunction(() => document.querySelector<HTMLVideoElement>('[data-index="0"] video')!.paused);
      await first.locator('[data-testid="reel-controls"][data-visible="true"]').waitFor();
      await page.mouse.move(1, 1);
      await page.waitForFunction(() =>
        document
          .getAnimations()
          .every((an) => an.playState !== 'running' || an.effect?.getTiming().iterations === Infinity),
      );

      const layout = await first.evaluate((el) => {
        const rect = (node: Element) => {
          const r = node.getBoundingClientRect();
          return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
        };
        const one = (selector: string) => el.querySelector(selector)!;
        const scrim = (name: string) => {
          const node = one(`[data-testid="reel-scrim-${name}"]`);
          const style = getComputedStyle(node);
          return {
            rect: rect(node),
            background: style.backgroundImage,
            pointerEvents: style.pointerEvents,
            opacity: style.opacity,
            hidden: node.getAttribute('aria-hidden'),
          };
        };
        const bottom = scrim('bottom');
        // A point of the bottom scrim with nothing laid over it: the pointer lands on the video.
        const x = (bottom.rect.left + bottom.rect.right) / 2;
        const y = bottom.rect.top + 40;
        return {
          bottom,
          top: scrim('top'),
          hit: document.elementFromPoint(x, y)?.tagName,
          overlay: {
            like: rect(one('[aria-label="Like"]')),
            likeCount: rect(one('[data-testid="like-count"]')),
            title: rect(one('h2')),
            author: rect(one('a[href^="/u/"]')),
            pause: rect(one('[aria-label="Play"]')),
            mute: rect(one('[aria-label="Unmute"], [aria-label="Mute"]')),
          },
        };
      });
      for (const s of [layout.bottom, layout.top]) {
        expect(s.background).toMatch(/^linear-gradient\(.*rgba\(0, 0, 0, 0\.6\)/);
        expect(s.pointerEvents).toBe('none');
        expect(s.hidden).toBe('true');
        expect(s.opacity).toBe('1');
      }
      const inside = (r: typeof layout.bottom.rect, outer: typeof layout.bottom.rect) =>
        r.left >= outer.left && r.right <= outer.right && r.top >= outer.top && r.bottom <= outer.bottom;
      const { like, likeCount, title, author, pause, mute } = layout.overlay;
      for (const r of [like, likeCount, title, author]) expect(inside(r, layout.bottom.rect)).toBe(true);
      for (const r of [pause, mute]) expect(inside(r, layout.top.rect)).toBe(true);
      expect(layout.hit).toBe('VIDEO');

      // What the eye gets: the white video beside the like count, under the title and beside mute is
      // darkened enough for white text (4.5:1) and white icons (3:1).
      const beside = (r: typeof like, dx: number) => ({
        x: r.left - dx,
        y: r.top,
        width: 24,
        height: r.bottom - r.top,
      });
      expect(await whiteContrastOver(page, beside(likeCount, 40))).toBeGreaterThanOrEqual(4.5);
      // The title's line, right of its short text.
      expect(
        await whiteContrastOver(page, {
          x: title.right - 48,
          y: title.top,
          width: 40,
          height: title.bottom - title.top,
        }),
      ).toBeGreaterThanOrEqual(4.5);
      expect(
        await whiteContrastOver(page, { x: mute.right + 8, y: mute.top, width: 24, height: mute.bottom - mute.top }),
      ).toBeGreaterThanOrEqual(3);
      await e2e.snapshot(`clips-scrim-${label}`);
      await expectAccessible(page);

      if (label !== '390') continue;
      // Share, the more-actions menu and its report dialog.
      await first.getByRole('button', { name: 'Share' }).click();
      const share = page.getByRole('dialog');
      await share.waitFor();
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      await share.waitFor({ state: 'detached' });
      await first.getByRole('button', { name: 'More actions' }).click();
      await page.getByRole('menu').waitFor();
      await expectAccessible(page);
      await page.getByRole('menuitem', { name: 'Report clip' }).click();
      const report = page.getByRole('dialog');
      await report.waitFor();
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      await report.waitFor({ state: 'detached' });
    }

    // The owner's delete confirmation.
    const owner = await signedInPage(a, { width: 390, height: 844 });
    await owner.goto(`/clips/${id}`);
    await card(owner, 0).getByRole('heading', { name: 'White wall' }).waitFor();
    await card(owner, 0).getByRole('button', { name: 'Delete reel' }).click();
    const confirm = owner.getByRole('dialog', { name: 'Delete this reel?' });
    await confirm.waitFor();
    await expectAccessible(owner);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
  }, 180_000);
});
