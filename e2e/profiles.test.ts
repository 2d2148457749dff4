/**
 * Profiles (issue 37) as two members meet them: A, on a wide screen, finds "Edit profile" on their own
 * profile (it leads to the account settings), switches the posts to the grid and opens a tile; B, on a
 * phone, opens A's Clips tab and sees A's clip, counted beside the posts. When A changes username, B's
 * link with the old @name ends at the new address, and the tab's title follows.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Events } from '@sajha/contract';
import { ask, createUser, ok, sessionCookie, type TestUser } from '../apps/server/test/harness.js';
import { expectAccessible } from './axe.js';
import { makeClip } from './clips.js';
import { startE2E, type E2E } from './harness.js';

let e2e: E2E;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'sajha-e2e-profiles-'));
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
  rmSync(tmp, { recursive: true, force: true });
});

/** A short portrait clip, made by ffmpeg. */
const portraitClip = (name: string) =>
  makeClip(tmp, name, { picture: 'testsrc2=size=240x426:rate=12:duration=1', seconds: 1 });

/** A post through the real endpoint, with a photo when given. */
async function postBy(user: TestUser, content: string, photo?: Buffer): Promise<string> {
  const form = new FormData();
  form.set('content', content);
  if (photo) form.append('mediaFiles', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
  const res = await fetch(`${e2e.baseUrl}/api/createPost`, {
    method: 'POST',
    body: form,
    headers: { cookie: await sessionCookie(e2e.db, user.id) },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { post: { post_id: string } }).post.post_id;
}

/** A clip through the real upload endpoint, awaited until the transcoder has made it ready. */
async function clipBy(user: TestUser, title: string): Promise<string> {
  const form = new FormData();
  form.set('title', title);
  form.set('description', `About ${title}`);
  form.set('category', 'travel');
  form.set('video', new Blob([new Uint8Array(portraitClip('clip.mp4'))], { type: 'video/mp4' }), 'clip.mp4');
  const res = await fetch(`${e2e.baseUrl}/api/reels`, {
    method: 'POST',
    body: form,
    headers: { cookie: await sessionCookie(e2e.db, user.id) },
  });
  expect(res.status).toBe(202);
  const { id } = (await res.json()) as { id: string };
  await e2e.app.deps.jobs.idle('reel.transcode', 60_000);
  return id;
}

const count = (page: Page, name: string) => page.getByTestId(`count-${name}`).textContent();

describe('profiles: edit, grid, clips and a former username', () => {
  it('A edits from the profile and opens a grid tile; B sees A’s clip; an old @name lands on the new one', async () => {
    const tag = Date.now().toString(36);
    const a = await createUser(e2e.db, { name: 'Asha Gurung', username: `asha_${tag}` });
    const b = await createUser(e2e.db, { name: 'Bikash Thapa', username: `bikash_${tag}` });
    const photo = await sharp({ create: { width: 480, height: 320, channels: 3, background: '#1565c0' } })
      .jpeg()
      .toBuffer();
    await postBy(a, 'Morning tea in Ilam while the mist rolls over the gardens and the pickers sing old songs');
    const lakePost = await postBy(a, 'Phewa lake at dawn', photo);
    await postBy(a, 'Namaste from Pokhara');
    const clip = await clipBy(a, 'Rara lake in one breath');

    // A, wide: their own profile offers Edit profile; posts and clips are counted.
    const pa = await e2e.signedInPage(a, { width: 1440, height: 900 });
    await pa.goto('/profile');
    await pa.getByRole('heading', { name: 'Asha Gurung' }).waitFor();
    const edit = pa.getByRole('link', { name: 'Edit profile' });
    await edit.waitFor();
    await expect.poll(() => count(pa, 'clips')).toBe('1');
    expect(await count(pa, 'posts')).toBe('3');
    expect(await pa.getByRole('article').count()).toBe(3);
    const tabs = pa.getByRole('tablist', { name: 'Posts and clips' });
    expect(await tabs.getByRole('tab').allTextContents()).toEqual(['Posts', 'Clips']);
    const list = pa.getByRole('button', { name: 'List', exact: true });
    const grid = pa.getByRole('button', { name: 'Grid', exact: true });
    expect(await list.getAttribute('aria-pressed')).toBe('true');
    expect(await grid.getAttribute('aria-pressed')).toBe('false');
    await expectAccessible(pa);
    await e2e.snapshot('profile-own-list-1440');

    // The grid, by keyboard: three square tiles, the photo as a picture, a text post by its first words.
    await grid.focus();
    await pa.keyboard.press('Enter');
    await expect.poll(() => grid.getAttribute('aria-pressed')).toBe('true');
    expect(await list.getAttribute('aria-pressed')).toBe('false');
    expect(new URL(pa.url()).searchParams.get('view')).toBe('grid');
    const tiles = pa.getByRole('list', { name: 'Posts' }).getByRole('link');
    await expect.poll(() => tiles.count()).toBe(3);
    expect(await pa.getByRole('article').count()).toBe(0);
    const lakeTile = pa.getByRole('link', { name: 'Post: Phewa lake at dawn' });
    await expect
      .poll(() => lakeTile.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    const teaTile = pa.getByRole('link', { name: /^Post: Morning tea in Ilam while the mist rolls over the gardens/ });
    expect(await teaTile.textContent()).toContain('Morning tea in Ilam');
    const box = await lakeTile.boundingBox();
    expect(box && Math.abs(box.width - box.height)).toBeLessThan(2);
    await expectAccessible(pa);
    await e2e.snapshot('profile-own-grid-1440');

    // Opening a tile goes to the post's page; Back returns to the grid.
    await lakeTile.click();
    await pa.waitForURL(`**/view/${lakePost}`);
    await pa.getByRole('article').filter({ hasText: 'Phewa lake at dawn' }).waitFor();
    await pa.goBack();
    await pa.waitForURL((url) => url.searchParams.get('view') === 'grid');
    await lakeTile.waitFor();

    // Edit profile leads to the account settings.
    await edit.click();
    await pa.waitForURL('**/settings/account');
    await pa.getByRole('textbox', { name: 'Username' }).waitFor();

    // B, on a phone, opens A's profile: the clip is counted, and the Clips tab (by keyboard) lists it.
    const pb = await e2e.signedInPage(b, { width: 390, height: 844 });
    await pb.goto(`/u/@${a.username}`);
    await pb.getByRole('heading', { name: 'Asha Gurung' }).waitFor();
    await expect.poll(() => count(pb, 'clips')).toBe('1');
    expect(await count(pb, 'posts')).toBe('3');
    expect(await pb.getByRole('link', { name: 'Edit profile' }).count()).toBe(0);
    await pb.getByRole('article').first().waitFor();
    await expectAccessible(pb);
    await e2e.snapshot('profile-other-list-390');
    await pb.getByRole('tab', { name: 'Posts' }).focus();
    await pb.keyboard.press('ArrowRight');
    await pb.keyboard.press('Enter');
    const clipsTab = pb.getByRole('tab', { name: 'Clips' });
    await expect.poll(() => clipsTab.getAttribute('aria-selected')).toBe('true');
    const clipTile = pb.getByRole('tabpanel', { name: 'Clips' }).getByRole('link', {
      name: 'Clip: Rara lake in one breath',
    });
    await clipTile.waitFor();
    expect(await pb.getByRole('button', { name: 'Grid', exact: true }).count()).toBe(0);
    await expect
      .poll(() => clipTile.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await expectAccessible(pb);
    await e2e.snapshot('profile-other-clips-390');
    await pb.getByRole('tab', { name: 'Posts' }).click();
    await pb.getByRole('button', { name: 'Grid', exact: true }).click();
    await pb.getByRole('link', { name: 'Post: Namaste from Pokhara' }).waitFor();
    await expectAccessible(pb);
    await e2e.snapshot('profile-other-grid-390');
    await pb.getByRole('tab', { name: 'Clips' }).click();
    await clipTile.click();
    await pb.waitForURL(`**/clips/${clip}`);

    // A takes a new username; B's link with the old @name ends at the new address and title.
    const renamed = `asha_new_${tag}`;
    const socket = await e2e.socketOf(a);
    await ok(
      ask(socket, Events.updateProfile, { type: 'account', updatedData: { name: 'Asha Gurung', username: renamed } }),
    );
    await pb.goto(`/u/@${a.username}`);
    await pb.waitForURL(`**/u/@${renamed}`);
    await expect.poll(() => pb.title()).toBe(`${renamed} - Profile`);
    await pb.getByRole('heading', { name: 'Asha Gurung' }).waitFor();
    await pb.locator('header').getByText(`@${renamed}`, { exact: true }).waitFor();
    // Replaced, not pushed: Back leaves the profile rather than returning to the old name.
    await pb.goBack();
    await pb.waitForURL(`**/clips/${clip}`);
  });
});
