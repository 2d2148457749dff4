/**
 * Delete for everyone and delete for me (issue 37), as two members meet them: A on a desktop deletes a
 * message of its own for everyone (gone on B's phone too) and another only for itself (B keeps it); B
 * hides one of A's messages for itself (A keeps it). A second tab of A follows at once, and after a
 * reload nothing hidden comes back, in the thread or in the chat list's last line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Events, type ChatDto } from '@sajha/contract';
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

const shown = (page: Page, text: string) => bubble(page, text).count();

describe('deleting messages', () => {
  it('deletes for everyone or only for me, and hides anyone else’s for me, at 1440 and 390 px', async () => {
    const tag = Date.now().toString(36);
    const a = await createUser(e2e.db, { name: 'Asha Gurung', username: `asha_${tag}` });
    const b = await createUser(e2e.db, { name: 'Bikash Thapa', username: `bikash_${tag}` });
    const sa = await e2e.socketOf(a);
    const sb = await e2e.socketOf(b);
    const chat = await ok<ChatDto>(ask(sa, Events.startChat, { to_uid: b.id }));
    for (const [s, text] of [
      [sa, 'My number is 9800000000'],
      [sa, 'Note to self: buy khada'],
      [sb, 'See you at Basantapur'],
      [sa, 'Bring the dhaka topi'],
    ] as const) {
      await ok(ask(s, Events.sendMessage, { message: text, to_cid: chat.id }));
    }

    const pa = await e2e.signedInPage(a, { width: 1440, height: 900 });
    const pa2 = await e2e.signedInPage(a, { width: 1440, height: 900 });
    const pb = await e2e.signedInPage(b, { width: 390, height: 844 });
    for (const [page, other] of [
      [pa, b],
      [pa2, b],
      [pb, a],
    ] as const) {
      await page.goto(`/message/@${other.username}`);
      await bubble(page, 'Bring the dhaka topi').waitFor();
    }

    // A's own message: Delete asks for everyone or for me; Cancel keeps it.
    await messageOption(pa, 'My number is', 'Delete');
    const ask1 = pa.getByRole('dialog', { name: 'Delete message?' });
    await ask1.waitFor();
    await expectAccessible(pa);
    await e2e.snapshot('chat-delete-dialog');
    await ask1.getByRole('button', { name: 'Cancel' }).click();
    await ask1.waitFor({ state: 'detached' });
    expect(await shown(pa, 'My number is')).toBe(1);

    // For everyone: gone on both of A's tabs and on B's phone.
    await messageOption(pa, 'My number is', 'Delete');
    await ask1.getByRole('button', { name: 'Delete for everyone' }).click();
    for (const page of [pa, pa2, pb]) await expect.poll(() => shown(page, 'My number is')).toBe(0);

    // For me: gone on both of A's tabs, still on B's phone.
    await messageOption(pa, 'Note to self', 'Delete');
    await ask1.getByRole('button', { name: 'Delete for me' }).click();
    for (const page of [pa, pa2]) await expect.poll(() => shown(page, 'Note to self')).toBe(0);
    expect(await shown(pb, 'Note to self')).toBe(1);

    // B cannot delete A's message for everyone, only hide it for itself; A keeps it.
    await bubble(pb, 'Bring the dhaka topi').getByRole('button', { name: 'Message options' }).click();
    const menu = pb.getByRole('menu');
    await menu.getByRole('menuitem', { name: 'Hide for me' }).waitFor();
    expect(await menu.getByRole('menuitem', { name: 'Delete' }).count()).toBe(0);
    await menu.getByRole('menuitem', { name: 'Hide for me' }).click();
    const ask2 = pb.getByRole('dialog', { name: 'Hide message?' });
    await ask2.waitFor();
    expect(await ask2.getByRole('button', { name: /everyone/ }).count()).toBe(0);
    await expectAccessible(pb);
    await ask2.getByRole('button', { name: 'Hide for me' }).click();
    await expect.poll(() => shown(pb, 'Bring the dhaka topi')).toBe(0);
    expect(await shown(pa, 'Bring the dhaka topi')).toBe(1);
    await e2e.snapshot('chat-delete-b-390');

    // After a reload, nothing hidden comes back; B's chat list ends on the last message it still has.
    await pb.reload();
    await bubble(pb, 'See you at Basantapur').waitFor();
    expect(await shown(pb, 'Bring the dhaka topi')).toBe(0);
    expect(await shown(pb, 'Note to self')).toBe(1);
    await pa.reload();
    await bubble(pa, 'Bring the dhaka topi').waitFor();
    expect(await shown(pa, 'Note to self')).toBe(0);
    expect(await shown(pa, 'My number is')).toBe(0);
    await pb.goto('/message');
    const row = pb.getByRole('button', { name: /Asha Gurung/ }).first();
    await expect.poll(() => row.textContent()).toContain('See you at Basantapur');
    expect(await row.textContent()).not.toContain('dhaka topi');
  });
});
