/**
 * Voice notes and camera capture in the chat, with Chromium's fake microphone and camera (granted
 * without a prompt): record, pause, resume, stop and send a voice note that plays on the other side;
 * capture a photo that arrives as image-{timestamp}.png and opens in the other member's viewer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createUser, sessionCookie, type TestUser } from '../apps/server/test/harness.js';
import { expectAccessible } from './axe.js';
import { startE2E, type E2E } from './harness.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E({ media: true });
});
afterAll(async () => {
  await e2e?.close();
});

async function signedInPage(user: TestUser): Promise<Page> {
  const page = await e2e.newPage({ width: 1440, height: 900 });
  const [name, value] = (await sessionCookie(e2e.db, user.id, true)).split('=');
  await page.context().addCookies([{ name: name!, value: value!, url: e2e.baseUrl, httpOnly: true, sameSite: 'Lax' }]);
  return page;
}

const timer = (page: Page) => page.getByLabel('Recording time');
const seconds = async (page: Page) => {
  const [m, s] = (await timer(page).textContent())!.split(':').map(Number);
  return m! * 60 + s!;
};

describe('voice notes and camera capture', () => {
  it('records, pauses, resumes and sends a voice note that plays for the other member; a captured photo opens in the viewer', async () => {
    const a = await createUser(e2e.db, { name: 'Asha Gurung' });
    const b = await createUser(e2e.db, { name: 'Bikash Thapa' });
    const [pa, pb] = await Promise.all([signedInPage(a), signedInPage(b)]);
    await pa.goto(`/message/@${b.username}`);
    await pa.getByRole('link', { name: 'Bikash Thapa', exact: true }).waitFor();
    await pb.goto(`/message/@${a.username}`);
    await pb.getByRole('link', { name: 'Asha Gurung', exact: true }).waitFor();

    // Record about two seconds, pause (the clock stops), resume, stop.
    await pa.getByRole('button', { name: 'Record voice note' }).click();
    await expect.poll(() => seconds(pa), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    await pa.getByRole('button', { name: 'Pause recording' }).click();
    const paused = await seconds(pa);
    await pa.waitForTimeout(1500); // a clock that should NOT move: nothing to wait on but time
    expect(await seconds(pa)).toBe(paused);
    await expectAccessible(pa);
    await pa.getByRole('button', { name: 'Resume recording' }).click();
    await expect.poll(() => seconds(pa), { timeout: 10_000 }).toBeGreaterThan(paused);
    const recorded = await seconds(pa);
    await pa.getByRole('button', { name: 'Stop recording' }).click();
    const chip = pa.getByRole('button', { name: /^voice-\d+\.(webm|ogg|mp4)/ });
    await chip.waitFor();
    await pa.getByRole('button', { name: 'Send' }).click();

    // B sees its length before playing (measured by the server: the recording's header has none), as
    // long as A's recorder counted, and it is served as audio.
    const note = pb.getByLabel(/^Voice note, \d:\d\d$/);
    await note.waitFor({ timeout: 10_000 });
    const shown = (await pb.getByTestId('voice-length').textContent())!.split(':').map(Number);
    expect(Math.abs(shown[0]! * 60 + shown[1]! - recorded)).toBeLessThanOrEqual(1);
    expect(await note.getAttribute('aria-label')).toBe(`Voice note, ${shown[0]}:${String(shown[1]).padStart(2, '0')}`);
    const served = await note.evaluate(async (el: HTMLAudioElement) =>
      (await fetch(el.src)).headers.get('content-type'),
    );
    expect(served).toMatch(/^audio\//);
    // B plays it: real audio of a few seconds that advances when played.
    await note.evaluate((el: HTMLAudioElement) => {
      el.muted = true;
      return el.play();
    });
    // Playing, it gets past 0.2 s (a broken or near-empty recording would fail or end before).
    await expect
      .poll(() => note.evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: 10_000 })
      .toBeGreaterThan(0.2);
    expect(await note.evaluate((el: HTMLAudioElement) => el.error?.code ?? null)).toBeNull();
    await note.evaluate((el: HTMLAudioElement) => el.pause());
    await e2e.snapshot('voice-note-length');

    // Camera: capture, send, and B opens the mirrored PNG in the viewer.
    await pa.getByRole('button', { name: 'Camera' }).click();
    const camera = pa.getByRole('dialog', { name: 'Camera' });
    await expect
      .poll(() => camera.locator('video').evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await expectAccessible(pa);
    await camera.getByRole('button', { name: 'Capture' }).click();
    await camera.waitFor({ state: 'detached' });
    await pa.getByRole('button', { name: /^image-\d+\.png/ }).waitFor();
    await pa.getByRole('button', { name: 'Send' }).click();
    const open = pb.getByRole('button', { name: /^Open image-\d+\.png$/ });
    await open.click({ timeout: 10_000 });
    const viewer = pb.getByRole('dialog', { name: 'Media viewer' });
    await expect
      .poll(() =>
        viewer.getByRole('img', { name: /^image-\d+\.png$/ }).evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);
    await expectAccessible(pb);
  });
});
