/**
 * Forward (issue 37) as three members meet it: A, on a desktop, forwards B's photo from their chat into
 * the chat with C and into a group (picked from a list filtered as A types); C, on a phone, gets it live
 * marked "Forwarded", with the same photo; the toast tells A where it went. A forward whose answer is lost
 * with the connection goes again after the reconnect under its id, and is stored once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { Events, type ChatDto } from '@sajha/contract';
import { ask, createUser, ok, sessionCookie } from '../apps/server/test/harness.js';
import { expectAccessible } from './axe.js';
import { bubble, messageOption, storedCount } from './chatPages.js';
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

  it('sends a forward again after its answer was lost with the connection, and it is stored once', async () => {
    const tag = Date.now().toString(36);
    const a = await createUser(e2e.db, { name: 'Asha Gurung', username: `asha_r${tag}` });
    const b = await createUser(e2e.db, { name: 'Bikash Thapa', username: `bikash_r${tag}` });
    const c = await createUser(e2e.db, { name: 'Chandra Rai', username: `chandra_r${tag}` });
    const sa = await e2e.socketOf(a);
    const ac = await ok<ChatDto>(ask(sa, Events.startChat, { to_uid: c.id }));
    const crew = await ok<{ chatId: string }>(
      ask(sa, Events.startGroupChat, { groupName: `Dal bhat ${tag}`, userIds: [b.id, c.id] }),
    );
    await ok(ask(sa, Events.sendMessage, { message: 'Hello crew', to_cid: crew.chatId }));
    await ok(ask(sa, Events.sendMessage, { message: `Bus leaves at 6 ${tag}`, to_cid: ac.id }));

    const pa = await e2e.signedInPage(a, { width: 390, height: 844 });
    // The first connection stores the forward, but its answer is lost: the line drops before it arrives.
    let connections = 0;
    let lost = 0;
    await pa.routeWebSocket(/\/real\//, (ws) => {
      connections += 1;
      const server = ws.connectToServer();
      const asked = new Map<string, string>();
      ws.onMessage((frame) => {
        const call = typeof frame === 'string' ? /^42(\d+)\["([^"]+)"/.exec(frame) : null;
        if (call) asked.set(call[1]!, call[2]!);
        server.send(frame);
      });
      server.onMessage((frame) => {
        const ack = typeof frame === 'string' ? /^43(\d+)/.exec(frame) : null;
        if (ack && asked.get(ack[1]!) === 'forward_message' && lost === 0) {
          lost += 1;
          void ws.close();
          void server.close();
        } else ws.send(frame);
      });
    });
    await pa.goto(`/message/@${c.username}`);
    await bubble(pa, `Bus leaves at 6 ${tag}`).waitFor();
    await messageOption(pa, `Bus leaves at 6 ${tag}`, 'Forward');
    const dialog = pa.getByRole('dialog', { name: 'Forward to…' });
    await dialog.getByRole('checkbox', { name: `Dal bhat ${tag}` }).check();
    await dialog.getByRole('button', { name: 'Forward' }).click();
    await expect.poll(() => lost).toBe(1);
    // After the reconnect the app asks again under the same id: the answer names the group, and the
    // group holds one copy (the original in the chat with C, the copy in the group).
    await pa.getByText(`Forwarded to Dal bhat ${tag}`).waitFor({ timeout: 15_000 });
    expect(connections).toBeGreaterThanOrEqual(2);
    expect(await storedCount(e2e, a.id, `Bus leaves at 6 ${tag}`)).toBe(2);
  });
});
