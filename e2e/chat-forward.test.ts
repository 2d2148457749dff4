/**
 * Forward (issue 37) as three members meet it: A, on a desktop, forwards B's photo from their chat into
 * the chat with C and into a group (picked from a list filtered as A types); C, on a phone, gets it live
 * marked "Forwarded", with the same photo; the toast tells A where it went.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { Events, type ChatDto } from '@sajha/contract';
import { ask, createUser, ok, sessionCookie } from '../apps/server/test/harness.js';
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

describe('forwarding a message', () => {
  it('forwards a photo into two chats picked by name; the copies say Forwarded and carry the photo', async () => {
    const tag = Date.now().toString(36);
    const a = await createUser(e2e.db, { name: 'Asha Gurung', username: `asha_${tag}` });
    const b = await createUser(e2e.db, { name: 'Bikash Thapa', username: `bikash_${tag}` });
    const c = await createUser(e2e.db, { name: 'Chandra Rai', username: `chandra_${tag}` });
    const sa = await e2e.socketOf(a);
    const sb = await e2e.socketOf(b);
    const sc = await e2e.socketOf(c);
    const ab = await ok<ChatDto>(ask(sa, Events.startChat, { to_uid: b.id }));
    const ac = await ok<ChatDto>(ask(sa, Events.startChat, { to_uid: c.id }));
    await ok(ask(sc, Events.sendMessage, { message: 'Namaste Asha', to_cid: ac.id }));
    const crew = await ok<{ chatId: string }>(
      ask(sa, Events.startGroupChat, { groupName: `Trek crew ${tag}`, userIds: [b.id, c.id] }),
    );
    await ok(ask(sa, Events.sendMessage, { message: 'Crew, hello', to_cid: crew.chatId }));

    // B sends A a photo.
    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#2e7d32' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'rara-lake.png');
    const up = await fetch(`${e2e.baseUrl}/api/chat/attachments`, {
      method: 'POST',
      body: form,
      headers: { cookie: await sessionCookie(e2e.db, b.id) },
    });
    const [photo] = ((await up.json()) as { files: { id: string }[] }).files;
    await ok(ask(sb, Events.sendMessage, { message: 'Rara lake!', to_cid: ab.id, attachments: [photo!.id] }));

    const pa = await e2e.signedInPage(a, { width: 1440, height: 900 });
    const pc = await e2e.signedInPage(c, { width: 390, height: 844 });
    await pa.goto(`/message/@${b.username}`);
    await pc.goto(`/message/@${a.username}`);
    await bubble(pa, 'Rara lake!').waitFor();
    await bubble(pc, 'Namaste Asha').waitFor();

    // A forwards it: the list of A's chats narrows as A types; up to five may be picked.
    await messageOption(pa, 'Rara lake!', 'Forward');
    const dialog = pa.getByRole('dialog', { name: 'Forward to…' });
    await dialog.waitFor();
    const send = dialog.getByRole('button', { name: 'Forward' });
    expect(await send.isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Search chats' }).fill('chand');
    await expect.poll(() => dialog.getByRole('checkbox').count()).toBe(1);
    await dialog.getByRole('checkbox', { name: 'Chandra Rai' }).check();
    await dialog.getByRole('textbox', { name: 'Search chats' }).fill('trek');
    await dialog.getByRole('checkbox', { name: `Trek crew ${tag}` }).check();
    await expect.poll(() => dialog.textContent()).toContain('2 selected');
    await expectAccessible(pa);
    await e2e.snapshot('chat-forward-dialog');
    await send.click();
    await dialog.waitFor({ state: 'detached' });
    await pa.getByText('Forwarded to 2 chats').waitFor();

    // C sees it live in the chat with A, marked Forwarded, from A, with the same photo.
    const copy = bubble(pc, 'Rara lake!');
    await copy.waitFor();
    await copy.getByText('Forwarded').waitFor();
    const img = copy.locator('img').first();
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(320);
    await e2e.snapshot('chat-forward-c-390');

    // The group has it too, after a reload of A's page, from history.
    await pa.goto('/message');
    await pa.getByRole('button', { name: new RegExp(`Trek crew ${tag}`) }).click();
    await bubble(pa, 'Rara lake!').getByText('Forwarded').waitFor();
  });
});
