/**
 * Calls as two members meet them, each in their own browser context with fake camera and microphone:
 * A calls B from the chat, B's shell rings, B accepts, video flows both ways, A's mute, camera-off
 * and screen share show on B's side, A ends and both see the Ended screen; B declines a second call;
 * a third nobody answers ("No answer" and a missed-call notification); both chats keep the history.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CallTexts, Messages, RINGTONE_VOLUME } from '@sajha/contract';
import { createUser, sessionCookie, type TestUser } from '../apps/server/test/harness.js';
import { expectAccessible } from './axe.js';
import { startE2E, type E2E } from './harness.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E({ media: true, env: { CALL_RING_TIMEOUT_S: '8' } });
});
afterAll(async () => {
  await e2e?.close();
});

async function signedInPage(user: TestUser): Promise<Page> {
  const page = await e2e.newPage({ width: 1280, height: 800 });
  const [name, value] = (await sessionCookie(e2e.db, user.id, true)).split('=');
  await page.context().addCookies([{ name: name!, value: value!, url: e2e.baseUrl, httpOnly: true, sameSite: 'Lax' }]);
  return page;
}

/** Clicks and resolves with the popup window it opened. */
async function popupFrom(page: Page, click: () => Promise<void>): Promise<Page> {
  const [popup] = await Promise.all([page.context().waitForEvent('page'), click()]);
  await popup.waitForLoadState('domcontentloaded');
  return popup;
}

const framesDecoded = async (page: Page): Promise<number> =>
  Number(
    (await page
      .getByTestId('call-quality')
      .getAttribute('data-frames-decoded')
      .catch(() => '0')) ?? 0,
  );

/** Mean brightness (0-255) of what the page's remote video shows right now. */
const remoteBrightness = (page: Page): Promise<number> =>
  page.evaluate(() => {
    const v = document.querySelector<HTMLVideoElement>('video[aria-label^="Video of"]');
    if (!v || v.videoWidth === 0) return -1;
    const c = document.createElement('canvas');
    c.width = 64;
    c.height = 48;
    const ctx = c.getContext('2d')!;
    ctx.drawImage(v, 0, 0, 64, 48);
    const d = ctx.getImageData(0, 0, 64, 48).data;
    let sum = 0;
    for (let i = 0; i < d.length; i += 4) sum += (d[i]! + d[i + 1]! + d[i + 2]!) / 3;
    return sum / (d.length / 4);
  });

const prompt = (page: Page) => page.getByRole('dialog', { name: Messages.call.incoming });

/**
 * The Ended screen's Close shuts the window during the click itself, which Playwright may report as a
 * closed target; what counts is that the window is gone.
 */
async function closeWindow(p: Page): Promise<void> {
  await p
    .getByRole('button', { name: 'Close' })
    .click()
    .catch((err: unknown) => {
      if (!p.isClosed()) throw err;
    });
  await expect.poll(() => p.isClosed()).toBe(true);
}

describe('calls between two members', () => {
  it('A calls B from the chat: ring, accept, video both ways, toggles seen, hang up; decline; no answer; history', async () => {
    const tag = Date.now().toString(36);
    const a = await createUser(e2e.db, { name: 'Asha Gurung', username: `asha_${tag}` });
    const b = await createUser(e2e.db, { name: 'Bikash Thapa', username: `bikash_${tag}` });
    const [pa, pb] = await Promise.all([signedInPage(a), signedInPage(b)]);
    await pb.goto('/home');
    await pb.getByRole('navigation', { name: 'Main' }).waitFor();
    await pa.goto(`/message/@${b.username}`);
    const callButton = pa.getByRole('button', { name: 'Call', exact: true });
    await callButton.waitFor();

    // A calls: the popup shows "Calling..." with B's name; B's shell rings with A's name.
    const ca = await popupFrom(pa, () => callButton.click());
    expect(new URL(ca.url()).pathname).toMatch(new RegExp(`^/call/${b.id}`));
    await ca.getByRole('status').getByText(Messages.call.calling).waitFor();
    await ca.getByText('Bikash Thapa').waitFor();
    await prompt(pb).waitFor();
    await prompt(pb).getByText('Asha Gurung').waitFor();
    await expectAccessible(ca);
    await expectAccessible(pb);
    const ringtone = pb.getByTestId('ringtone');
    expect(await ringtone.evaluate((el: HTMLAudioElement) => [el.loop, el.volume, el.src])).toEqual([
      true,
      RINGTONE_VOLUME,
      `${e2e.baseUrl}/sounds/ringtone.mp3`,
    ]);
    await expect.poll(() => ca.url()).toMatch(new RegExp(`^${e2e.baseUrl}/call/${b.id}/[0-9a-f-]{36}$`));

    // B accepts: a popup joins the room, the prompt and the ringtone stop, video flows both ways.
    const cb = await popupFrom(pb, () => prompt(pb).getByRole('button', { name: 'Accept' }).click());
    await prompt(pb).waitFor({ state: 'hidden' });
    expect(await ringtone.evaluate((el: HTMLAudioElement) => el.paused)).toBe(true);
    await expect.poll(() => framesDecoded(ca), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(() => framesDecoded(cb), { timeout: 20_000 }).toBeGreaterThan(0);
    await ca.getByText('Bikash Thapa').first().waitFor();
    await cb.getByText('Asha Gurung').first().waitFor();
    // The fake camera's picture is not black.
    await expect.poll(() => remoteBrightness(cb), { timeout: 10_000 }).toBeGreaterThan(20);
    // The local preview follows the wide rule at 1280 px.
    expect(await ca.locator('[data-aspect]').getAttribute('data-aspect')).toBe('16:9');
    // A running timer; the quality shows as a word, its figures behind the info button.
    const timer = cb.getByRole('timer');
    const first = await timer.textContent();
    expect(first).toMatch(/^\d+:\d\d$/);
    await expect.poll(() => timer.textContent(), { timeout: 5_000 }).not.toBe(first);
    expect(await cb.getByTestId('call-quality').textContent()).toMatch(/^(Good|Fair|Poor)$/);
    await cb.getByRole('button', { name: 'Connection details' }).click();
    await expect.poll(() => cb.getByTestId('call-quality-detail').textContent()).toMatch(/kbps/);
    await expectAccessible(cb);
    await e2e.snapshot('call-timer-details');
    await cb.keyboard.press('Escape');
    await cb.getByTestId('call-quality-detail').waitFor({ state: 'detached' });

    // A mutes: B sees it; A unmutes: it goes away.
    await ca.getByRole('button', { name: 'Mute', exact: true }).click();
    await cb.getByText('Asha Gurung is muted').waitFor();
    await expectAccessible(ca);
    await expectAccessible(cb);
    await ca.getByRole('button', { name: 'Unmute' }).click();
    await cb.getByText('Asha Gurung is muted').waitFor({ state: 'hidden' });

    // A turns the camera off: B gets the black frame, then the "Camera off" panel.
    await ca.getByRole('button', { name: 'Turn camera off' }).click();
    await cb.getByText('Camera off').waitFor();
    await expectAccessible(cb);
    await expect.poll(() => remoteBrightness(cb), { timeout: 10_000 }).toBeLessThan(8);
    await ca.getByRole('button', { name: 'Turn camera on' }).click();
    await cb.getByText('Camera off').waitFor({ state: 'hidden' });

    // A shares the screen: B sees it.
    await ca.getByRole('button', { name: 'Share screen' }).click();
    await cb.getByText('Asha Gurung is sharing the screen').waitFor();
    await expectAccessible(cb);
    await ca.getByRole('button', { name: 'Stop sharing screen' }).click();
    await cb.getByText('Asha Gurung is sharing the screen').waitFor({ state: 'hidden' });

    // The device selector lists the fake devices and closes.
    await ca.getByRole('button', { name: 'Devices' }).click();
    const devices = ca.getByRole('dialog', { name: 'Devices' });
    await devices.getByRole('combobox', { name: 'Camera' }).waitFor();
    await expectAccessible(ca);
    await devices.getByRole('button', { name: 'Close' }).click();
    await devices.waitFor({ state: 'hidden' });

    // A ends: both see the Ended screen.
    await ca.getByRole('button', { name: 'End call' }).click();
    for (const p of [ca, cb]) {
      await p.getByRole('heading', { name: Messages.call.ended }).waitFor();
      await p.getByText(Messages.call.disconnected).waitFor();
      await p.getByText(CallTexts.thanks).waitFor();
      await expectAccessible(p);
    }
    for (const p of [ca, cb]) await closeWindow(p);

    // A second call: B declines, A sees the declined title.
    const ca2 = await popupFrom(pa, () => callButton.click());
    await prompt(pb).waitFor();
    await prompt(pb).getByRole('button', { name: 'Decline' }).click();
    await prompt(pb).waitFor({ state: 'hidden' });
    await ca2.getByRole('heading', { name: CallTexts.declined }).waitFor();
    await expectAccessible(ca2);
    await closeWindow(ca2);

    // A third call nobody answers: "No answer" for A, a missed-call notification for B.
    const ca3 = await popupFrom(pa, () => callButton.click());
    await prompt(pb).waitFor();
    await ca3.getByRole('heading', { name: CallTexts.noAnswer }).waitFor({ timeout: 20_000 });
    await expectAccessible(ca3);
    await prompt(pb).waitFor({ state: 'hidden' });
    await pb.getByText(CallTexts.missedFrom('Asha Gurung')).first().waitFor();

    // Both chats show the three calls.
    const historyLines = [
      /Video call, \d+ (min \d+ )?s/,
      new RegExp(CallTexts.historyDeclined),
      new RegExp(CallTexts.historyMissed),
    ];
    for (const line of historyLines) await pa.locator('[data-message-id]', { hasText: line }).first().waitFor();
    await pb.goto('/message');
    await pb.getByRole('button', { name: 'Chat with Asha Gurung' }).click();
    for (const line of historyLines) await pb.locator('[data-message-id]', { hasText: line }).first().waitFor();
  });
});
