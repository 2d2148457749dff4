/**
 * Edit with history (issue 37) as two members meet it. In a chat: A, on a desktop, edits a message from
 * its options menu (the composer takes the text, Enter saves, and what A was writing comes back); B, on a
 * phone, sees the new words and "edited" live, and opens every earlier version. On the home feed: A edits
 * a post; B's card says "edited" at once and shows what it said before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Events, type ChatDto } from '@sajha/contract';
import { ask, createUser, ok, sessionCookie } from '../apps/server/test/harness.js';
import { expectAccessible } from './axe.js';
import { bubble, messageOption, type } from './chatPages.js';
import { startE2E, type E2E } from './harness.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

describe('edit with history', () => {
  it('edits a chat message: the other member sees "edited" live and every earlier version', async () => {
    const tag = Date.now().toString(36);
    const a = await createUser(e2e.db, { name: 'Asha Gurung', username: `asha_${tag}` });
    const b = await createUser(e2e.db, { name: 'Bikash Thapa', username: `bikash_${tag}` });
    const sa = await e2e.socketOf(a);
    const ab = await ok<ChatDto>(ask(sa, Events.startChat, { to_uid: b.id }));

    const pa = await e2e.signedInPage(a, { width: 1440, height: 900 });
    const pb = await e2e.signedInPage(b, { width: 390, height: 844 });
    await pa.goto(`/message/@${b.username}`);
    await type(pa, 'Meet at Basantapur at 5');
    await pb.goto(`/message/@${a.username}`);
    await bubble(pb, 'Meet at Basantapur at 5').waitFor();

    // A starts another message, then edits the first: the box takes its text; Enter saves.
    const box = pa.getByRole('textbox', { name: 'Message' });
    await box.fill('Bring the');
    await messageOption(pa, 'Meet at Basantapur at 5', 'Edit');
    const editing = pa.getByRole('group', { name: 'Editing message' });
    await editing.waitFor();
    await expect.poll(() => box.inputValue()).toBe('Meet at Basantapur at 5');
    await expect.poll(() => pa.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Message');
    await box.fill('Meet at Basantapur at 6');
    await box.press('Enter');
    await editing.waitFor({ state: 'detached' });
    // What A was writing comes back, and A's own bubble says edited.
    await expect.poll(() => box.inputValue()).toBe('Bring the');
    await bubble(pa, 'Meet at Basantapur at 6')
      .getByRole('button', { name: /^Edited/ })
      .waitFor();

    // B sees the new words live, marked edited, and opens the history.
    const mine = bubble(pb, 'Meet at Basantapur at 6');
    await mine.waitFor();
    expect(await bubble(pb, 'Meet at Basantapur at 5').count()).toBe(0);
    await mine.getByRole('button', { name: /^Edited/ }).click();
    const history = pb.getByRole('dialog', { name: 'Edit history' });
    await history.waitFor();
    const versions = history.getByRole('list', { name: 'Versions, newest first' }).getByRole('listitem');
    await expect.poll(() => versions.count()).toBe(2);
    expect(await versions.nth(0).textContent()).toContain('Meet at Basantapur at 6');
    expect(await versions.nth(1).textContent()).toMatch(/Original.*Meet at Basantapur at 5/);
    await expectAccessible(pb);
    await e2e.snapshot('chat-edit-history-390');
    await pb.keyboard.press('Escape');
    await history.waitFor({ state: 'detached' });

    // Escape cancels an edit and changes nothing; B's message has no Edit for A.
    await messageOption(pa, 'Meet at Basantapur at 6', 'Edit');
    await editing.waitFor();
    await box.press('Escape');
    await editing.waitFor({ state: 'detached' });
    await expect.poll(() => box.inputValue()).toBe('Bring the');
    await ok(ask(await e2e.socketOf(b), Events.sendMessage, { message: 'Okay!', to_cid: ab.id }));
    await bubble(pa, 'Okay!').getByRole('button', { name: 'Message options' }).click();
    expect(await pa.getByRole('menu').getByRole('menuitem', { name: 'Edit' }).count()).toBe(0);
    await pa.keyboard.press('Escape');

    // After a reload, history still knows.
    await pb.reload();
    await bubble(pb, 'Meet at Basantapur at 6')
      .getByRole('button', { name: /^Edited/ })
      .waitFor();
  });

  it('edits a post: the other member\'s feed says "edited" at once and shows the earlier text', async () => {
    const a = await createUser(e2e.db, { name: 'Asha Gurung' });
    const b = await createUser(e2e.db, { name: 'Bikash Thapa' });
    const form = new FormData();
    form.set('content', 'Cleanup at Phewa lake on Friday');
    const made = await fetch(`${e2e.baseUrl}/api/createPost`, {
      method: 'POST',
      body: form,
      headers: { cookie: await sessionCookie(e2e.db, a.id) },
    });
    expect(made.status).toBeLessThan(300);

    const pa = await e2e.signedInPage(a, { width: 1440, height: 900 });
    const pb = await e2e.signedInPage(b, { width: 390, height: 844 });
    await pa.goto('/home');
    await pb.goto('/home');
    const cardB = pb.getByRole('article').filter({ hasText: 'Cleanup at Phewa lake' });
    await cardB.waitFor();
    expect(await cardB.getByRole('button', { name: /^Edited/ }).count()).toBe(0);

    const cardA = pa.getByRole('article').filter({ hasText: 'Cleanup at Phewa lake' });
    await cardA.getByRole('button', { name: 'Post options' }).click();
    await pa.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = pa.getByRole('dialog', { name: 'Edit post' });
    await edit.getByLabel('Post').fill('Cleanup at Phewa lake on Saturday');
    await edit.getByRole('button', { name: 'Save' }).click();

    await cardB
      .filter({ hasText: 'on Saturday' })
      .getByRole('button', { name: /^Edited/ })
      .click();
    const history = pb.getByRole('dialog', { name: 'Edit history' });
    const versions = history.getByRole('listitem');
    await expect.poll(() => versions.count()).toBe(2);
    expect(await versions.nth(1).textContent()).toContain('Cleanup at Phewa lake on Friday');
    await expectAccessible(pb);
    await e2e.snapshot('post-edit-history-390');
  });
});
