/**
 * axe on the surfaces issue 37 names (serious and critical violations: none): the message options menu
 * with its quick-reactions row (reachable by keyboard too), the new-group dialog with members picked, and
 * the menu drawer on a phone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Events, type ChatDto } from '@sajha/contract';
import { ask, createUser, ok } from '../apps/server/test/harness.js';
import { expectAccessible } from './axe.js';
import { bubble } from './chatPages.js';
import { startE2E, type E2E } from './harness.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

describe('menus and dialogs pass axe', () => {
  it('the message options menu, reached and used by keyboard, with its quick reactions', async () => {
    const tag = Date.now().toString(36);
    const a = await createUser(e2e.db, { name: 'Asha Gurung', username: `asha_${tag}` });
    const b = await createUser(e2e.db, { name: 'Bikash Thapa', username: `bikash_${tag}` });
    const sb = await e2e.socketOf(b);
    const chat = await ok<ChatDto>(ask(sb, Events.startChat, { to_uid: a.id }));
    await ok(ask(sb, Events.sendMessage, { message: 'Dashain ko shubhakamana', to_cid: chat.id }));

    const pa = await e2e.signedInPage(a, { width: 1440, height: 900 });
    await pa.goto(`/message/@${b.username}`);
    const options = bubble(pa, 'Dashain ko').getByRole('button', { name: 'Message options' });
    await options.focus();
    await pa.keyboard.press('Enter');
    const menu = pa.getByRole('menu');
    await menu.waitFor();
    await expectAccessible(pa);
    // The quick reactions are reached with the arrow keys like the rest of the menu, and Enter reacts.
    const focused = () => pa.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    await expect.poll(focused).toBe('React 😀');
    await pa.keyboard.press('ArrowRight');
    await expect.poll(focused).toBe('React 😂');
    await pa.keyboard.press('Enter');
    await menu.waitFor({ state: 'detached' });
    await bubble(pa, 'Dashain ko').getByLabel(`Reaction 😂 by ${a.username}`).waitFor();
  });

  it('the new-group dialog with members picked, and the phone menu drawer', async () => {
    const tag = Date.now().toString(36);
    const a = await createUser(e2e.db, { name: 'Asha Gurung', username: `asha_${tag}` });
    await createUser(e2e.db, { name: `Bikash ${tag}`, username: `bikash_${tag}` });
    await createUser(e2e.db, { name: `Bimala ${tag}`, username: `bimala_${tag}` });
    const pa = await e2e.signedInPage(a, { width: 1440, height: 900 });
    await pa.goto('/message');
    await pa.getByRole('button', { name: 'New conversation', exact: true }).click();
    const dialog = pa.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'Group' }).click();
    await pa.getByRole('dialog', { name: 'New group' }).waitFor();
    await dialog.getByRole('textbox', { name: 'Search users' }).fill(tag);
    await dialog.getByRole('checkbox', { name: `Select Bikash ${tag}` }).waitFor();
    await dialog.getByRole('checkbox', { name: `Select Bikash ${tag}` }).click();
    await expect.poll(() => dialog.getByRole('checkbox', { checked: true }).count()).toBe(1);
    await expectAccessible(pa);

    const phone = await e2e.signedInPage(a, { width: 390, height: 844 });
    await phone.goto('/home');
    await phone.getByRole('button', { name: /Open Menu/ }).click();
    const drawer = phone.getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor();
    await drawer.getByRole('navigation', { name: 'Main' }).waitFor();
    await expectAccessible(phone);
  });
});
