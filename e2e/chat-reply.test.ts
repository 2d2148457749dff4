/**
 * Replies (issue 37) as two members meet them: B, on a phone, replies to a message from its options menu
 * (the composer quotes it, Escape cancels), A sees the quote live on a desktop; a reply to a message pages
 * back in A's history, and tapping its quote jumps there and highlights the original; after a reload the
 * quote comes from the server's history.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Events, type ChatDto, type SentMessage } from '@sajha/contract';
import { ask, createUser, ok } from '../apps/server/test/harness.js';
import { expectAccessible } from './axe.js';
import { bubble, messageOption } from './chatPages.js';
import { startE2E, type E2E } from './harness.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

describe('replies in a chat', () => {
  it('quotes the message replied to, live and after a reload, and jumps to an old original', async () => {
    const tag = Date.now().toString(36);
    const a = await createUser(e2e.db, { name: 'Asha Gurung', username: `asha_${tag}` });
    const b = await createUser(e2e.db, { name: 'Bikash Thapa', username: `bikash_${tag}` });
    const sa = await e2e.socketOf(a);
    const sb = await e2e.socketOf(b);
    const chat = await ok<ChatDto>(ask(sa, Events.startChat, { to_uid: b.id }));
    // The original, then more than a page of history after it (a page is 30 messages).
    const original = await ok<SentMessage>(
      ask(sa, Events.sendMessage, { message: 'Trek plan: Poon Hill in March', to_cid: chat.id }),
    );
    for (let i = 0; i < 40; i += 1) {
      await ok(ask(sa, Events.sendMessage, { message: `filler ${i}`, to_cid: chat.id }));
    }

    const pa = await e2e.signedInPage(a, { width: 1440, height: 900 });
    const pb = await e2e.signedInPage(b, { width: 390, height: 844 });
    await pa.goto(`/message/@${b.username}`);
    await pb.goto(`/message/@${a.username}`);
    await bubble(pa, 'filler 39').waitFor();
    await bubble(pb, 'filler 39').waitFor();

    // B chooses Reply: the composer quotes the message; Escape takes it back.
    const replyBar = pb.getByRole('group', { name: 'Replying to Asha Gurung' });
    await messageOption(pb, 'filler 38', 'Reply');
    await expect.poll(() => replyBar.textContent()).toContain('filler 38');
    await pb.getByRole('textbox', { name: 'Message' }).press('Escape');
    await replyBar.waitFor({ state: 'detached' });

    // Reply for real: B's own bubble and A's live copy both carry the quote.
    await messageOption(pb, 'filler 39', 'Reply');
    await replyBar.waitFor();
    await expectAccessible(pb);
    const box = pb.getByRole('textbox', { name: 'Message' });
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    await box.fill('Sounds good');
    await box.press('Enter');
    await replyBar.waitFor({ state: 'detached' });
    const quoteIn = (page: Page, text: string) =>
      bubble(page, text).getByRole('button', { name: 'Go to the message from Asha Gurung' });
    await expect.poll(() => quoteIn(pb, 'Sounds good').textContent()).toContain('filler 39');
    await expect.poll(() => quoteIn(pa, 'Sounds good').textContent()).toContain('filler 39');

    // A reply to the first message, 40 messages back: A's page holds only the newest 30.
    await ok(ask(sb, Events.sendMessage, { message: 'Which month again?', to_cid: chat.id, replyTo: original.id }));
    await expect.poll(() => quoteIn(pa, 'Which month again?').textContent()).toContain('Trek plan: Poon Hill');
    const found = pa.locator(`[data-message-id="${original.id}"]`);
    expect(await found.count()).toBe(0);
    await quoteIn(pa, 'Which month again?').click();
    await expect.poll(() => found.getAttribute('data-highlighted'), { timeout: 15_000 }).toBe('true');
    await expect.poll(() => found.isVisible()).toBe(true);

    // After a reload the quote comes from history.
    await pb.reload();
    await expect.poll(() => quoteIn(pb, 'Sounds good').textContent(), { timeout: 15_000 }).toContain('filler 39');
    await expectAccessible(pb);
  });
});
