/**
 * Drafts (issue 37): an unfinished post survives closing Create Post and a reload, on a phone and on a
 * desktop; posting it, or "Discard draft", forgets it. Each member's draft is their own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createUser } from '../apps/server/test/harness.js';
import { startE2E, type E2E } from './harness.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

async function openCreate(page: Page) {
  const wide = (page.viewportSize()?.width ?? 0) >= 900;
  await (
    wide
      ? page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Create Post' })
      : page.getByRole('button', { name: 'Create Post' }).last()
  ).click();
  const dialog = page.getByRole('dialog', { name: 'Create Post' });
  await dialog.waitFor();
  return dialog;
}

describe('post drafts', () => {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`keeps an unfinished post across closing and a reload, until it is posted (${viewport.width} px)`, async () => {
      const u = await createUser(e2e.db, { name: 'Pema Sherpa' });
      const page = await e2e.signedInPage(u, viewport);
      await page.goto('/home');
      const text = `Half-written thoughts on Tihar lights ${viewport.width}`;

      let dialog = await openCreate(page);
      await dialog.getByRole('textbox', { name: "What's on your mind?" }).fill(text);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });

      // Back after closing, and again after a reload, with a way to throw it away.
      dialog = await openCreate(page);
      expect(await dialog.getByRole('textbox', { name: "What's on your mind?" }).inputValue()).toBe(text);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await page.reload();
      dialog = await openCreate(page);
      const box = dialog.getByRole('textbox', { name: "What's on your mind?" });
      await expect.poll(() => box.inputValue()).toBe(text);
      await dialog.getByText('Your unfinished post is back.').waitFor();

      // Another member on this device does not see it.
      const other = await createUser(e2e.db, { name: 'Dawa Lama' });
      const second = await e2e.signedInPage(other, viewport);
      await second.goto('/home');
      const theirs = await openCreate(second);
      expect(await theirs.getByRole('textbox', { name: "What's on your mind?" }).inputValue()).toBe('');

      // Posted: the next Create Post starts empty.
      await dialog.getByRole('button', { name: 'Post', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText(text).first().waitFor();
      dialog = await openCreate(page);
      expect(await dialog.getByRole('textbox', { name: "What's on your mind?" }).inputValue()).toBe('');

      // Discard draft empties the form and forgets it.
      await dialog.getByRole('textbox', { name: "What's on your mind?" }).fill('Never mind');
      await dialog.getByRole('button', { name: 'Close' }).click();
      dialog = await openCreate(page);
      await dialog.getByRole('button', { name: 'Discard draft' }).click();
      expect(await dialog.getByRole('textbox', { name: "What's on your mind?" }).inputValue()).toBe('');
      await page.reload();
      dialog = await openCreate(page);
      expect(await dialog.getByRole('textbox', { name: "What's on your mind?" }).inputValue()).toBe('');
    });
  }
});
