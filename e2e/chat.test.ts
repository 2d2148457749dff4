/**
 * Messaging as two (and three) members meet it, each in their own browser context: starting a chat
 * from /message/@username, live messages both ways, the unread badge, typing, a reaction, a pin, a
 * delete, image and PDF attachments in the viewer, a group of three, and the history after reloads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { Messages } from '@sajha/contract';
import { createUser, sessionCookie, type TestUser } from '../apps/server/test/harness.js';
import { bubble, messageOption } from './chatPages.js';
import { startE2E, type E2E } from './harness.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
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

const messagesBadge = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /Messages/ })
    .locator('.MuiBadge-badge:not(.MuiBadge-invisible)');
const log = (page: Page) => page.getByRole('log', { name: 'Messages' });

async function send(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
  await bubble(page, text).waitFor();
}

describe('chat between members', () => {
  it('two members chat live: badge, typing, reaction, pin, delete, attachments, a group, and history after reload', async () => {
    const tag = Date.now().toString(36);
    const a = await createUser(e2e.db, { name: 'Asha Gurung', username: `asha_${tag}` });
    const b = await createUser(e2e.db, { name: 'Bikash Thapa', username: `bikash_${tag}` });
    const c = await createUser(e2e.db, { name: 'Chandra Rai', username: `chandra_${tag}` });
    const [pa, pb] = await Promise.all([signedInPage(a), signedInPage(b)]);

    // B waits on the home page; A opens /message/@B, which starts the chat.
    await pb.goto('/home');
    await pb.getByRole('navigation', { name: 'Main' }).waitFor();
    await pa.goto(`/message/@${b.username}`);
    await pa.getByRole('link', { name: 'Bikash Thapa', exact: true }).waitFor();
    await expect.poll(() => pa.title()).toBe('Bikash Thapa - Chat');
    await send(pa, 'Namaste Bikash!');
    expect(await bubble(pa, 'Namaste Bikash!').getByText('Just now').isVisible()).toBe(true);

    // B's badge rises, then falls once B reads the chat.
    await expect.poll(() => messagesBadge(pb).textContent(), { timeout: 10_000 }).toBe('1');
    await pb
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /Messages/ })
      .click();
    await pb.getByRole('button', { name: 'Chat with Asha Gurung' }).click();
    await bubble(pb, 'Namaste Bikash!').waitFor();
    await expect.poll(() => messagesBadge(pb).count()).toBe(0);
    await expect.poll(() => pb.title()).toBe('Asha Gurung - Chat');

    // Typing shows on the other side and clears when the message arrives.
    await pb.getByRole('textbox', { name: 'Message' }).pressSequentially('Ram', { delay: 20 });
    await pa.getByText(Messages.chat.typing('Bikash Thapa')).waitFor();
    await pb.getByRole('textbox', { name: 'Message' }).fill('Ramro cha, Asha!');
    await pb.getByRole('textbox', { name: 'Message' }).press('Enter');
    await bubble(pa, 'Ramro cha, Asha!').getByText('Just now').waitFor();
    await expect.poll(() => pa.getByText(Messages.chat.typing('Bikash Thapa')).count()).toBe(0);

    // A reaction from B, a pin from A, and a delete by its sender all show on the other side.
    await messageOption(pb, 'Namaste Bikash!', 'React 👍');
    await pa.getByLabel(`Reaction 👍 by ${b.username}`).waitFor();
    await messageOption(pa, 'Ramro cha, Asha!', 'Pin');
    const banner = pb.getByRole('region', { name: 'Pinned message' });
    await banner.getByText(Messages.chat.pinned).waitFor();
    expect(await banner.getByText('Ramro cha, Asha!').isVisible()).toBe(true);
    await send(pa, 'Oops, wrong chat');
    await bubble(pb, 'Oops, wrong chat').waitFor();
    // Only one's own messages offer Delete.
    await bubble(pb, 'Oops, wrong chat').getByRole('button', { name: 'Message options' }).click();
    await pb.getByRole('menuitem', { name: 'Pin' }).waitFor();
    expect(await pb.getByRole('menuitem', { name: 'Delete' }).count()).toBe(0);
    await pb.keyboard.press('Escape');
    await messageOption(pa, 'Oops, wrong chat', 'Delete');
    await pa
      .getByRole('dialog', { name: 'Delete message?' })
      .getByRole('button', { name: 'Delete for everyone' })
      .click();
    await expect.poll(() => bubble(pb, 'Oops, wrong chat').count()).toBe(0);
    await expect.poll(() => bubble(pa, 'Oops, wrong chat').count()).toBe(0);

    // An image and a PDF go up over HTTP and open in B's viewer.
    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#1e88e5' } })
      .png()
      .toBuffer();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    await pa.getByTestId('chat-file-input').setInputFiles([
      { name: 'phewa-lake.png', mimeType: 'image/png', buffer: png },
      { name: 'itinerary.pdf', mimeType: 'application/pdf', buffer: pdf },
    ]);
    await pa.getByRole('button', { name: 'itinerary.pdf' }).waitFor();
    await pa.getByRole('button', { name: 'Send' }).click();
    await pb.getByRole('button', { name: 'Open phewa-lake.png' }).click();
    const viewer = pb.getByRole('dialog', { name: 'Media viewer' });
    await expect
      .poll(() =>
        viewer.getByRole('img', { name: 'phewa-lake.png' }).evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBe(320);
    await viewer.getByRole('button', { name: 'Next' }).click();
    await viewer.getByText('Download itinerary.pdf').waitFor();
    await viewer.getByRole('button', { name: 'Close viewer' }).click();

    // A group of three: A creates it; B and C both receive its first message.
    const pc = await signedInPage(c);
    await pc.goto('/message');
    await pc.getByRole('heading', { name: 'Chats' }).waitFor();
    await pa.getByRole('button', { name: 'New conversation' }).click();
    const dialog = pa.getByRole('dialog', { name: 'New conversation' });
    await dialog.getByRole('tab', { name: 'Group' }).click();
    await pa.getByLabel('Group name').fill('Trek to Mardi Himal');
    for (const member of [b, c]) {
      await pa.getByLabel('Search users').fill(member.username);
      await pa.getByRole('checkbox', { name: `Select ${member.name}` }).click();
    }
    await pa.getByRole('button', { name: 'Create Group' }).click();
    await expect.poll(() => pa.title()).toBe('Trek to Mardi Himal - Chat');
    await send(pa, 'Pack light, friends!');
    for (const page of [pb, pc]) {
      await page
        .getByRole('button', { name: 'Chat with Trek to Mardi Himal' })
        .getByText('Pack light, friends!')
        .waitFor();
    }
    await pc.getByRole('button', { name: 'Chat with Trek to Mardi Himal' }).click();
    await bubble(pc, 'Pack light, friends!').waitFor();
    await send(pc, 'Count me in');
    await bubble(pa, 'Count me in').waitFor();

    // After both reload, the whole history is there.
    await pa.goto(`/message/@${b.username}`);
    await pb.reload();
    for (const page of [pa, pb]) {
      for (const text of ['Namaste Bikash!', 'Ramro cha, Asha!']) await bubble(page, text).waitFor();
      await log(page).getByRole('button', { name: 'Open phewa-lake.png' }).waitFor();
      expect(await bubble(page, 'Oops, wrong chat').count()).toBe(0);
      expect(await page.getByLabel(`Reaction 👍 by ${b.username}`).count()).toBe(1);
    }
    expect(await pb.getByRole('region', { name: 'Pinned message' }).getByText('Ramro cha, Asha!').isVisible()).toBe(
      true,
    );
  });
});
