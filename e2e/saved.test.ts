/**
 * Saved (issue 37) as two members meet it: A, on a desktop, bookmarks B's post from the home feed and
 * finds it under Saved in the sidebar; B, on a phone, reaches Saved from the menu and finds it empty (a
 * Saved list is private; the author is not told). A unsaves from the list and it leaves at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { savedItems } from '../apps/server/src/db/schema.js';
import { createUser, sessionCookie } from '../apps/server/test/harness.js';
import { expectAccessible } from './axe.js';
import { startE2E, type E2E } from './harness.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

describe('saved posts', () => {
  it('bookmarks a post from the feed into a private Saved list, and takes it out again', async () => {
    const a = await createUser(e2e.db, { name: 'Asha Gurung' });
    const b = await createUser(e2e.db, { name: 'Bikash Thapa' });
    const form = new FormData();
    form.set('content', 'Sel roti recipe for Tihar');
    const made = await fetch(`${e2e.baseUrl}/api/createPost`, {
      method: 'POST',
      body: form,
      headers: { cookie: await sessionCookie(e2e.db, b.id) },
    });
    const postId = ((await made.json()) as { post: { post_id: string } }).post.post_id;

    const pa = await e2e.signedInPage(a, { width: 1440, height: 900 });
    await pa.goto('/home');
    const card = pa.getByRole('article').filter({ hasText: 'Sel roti recipe' });
    const save = card.getByRole('button', { name: 'Save' });
    await save.waitFor();
    expect(await save.getAttribute('aria-pressed')).toBe('false');
    await save.click();
    await expect.poll(() => save.getAttribute('aria-pressed')).toBe('true');
    await expect
      .poll(
        async () =>
          (
            await e2e.db
              .select({ id: savedItems.subjectId })
              .from(savedItems)
              .where(and(eq(savedItems.userId, a.id), eq(savedItems.subjectId, postId)))
          ).length,
      )
      .toBe(1);

    // Saved, from the sidebar: the post, still marked saved.
    await pa.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Saved' }).click();
    await pa.getByRole('heading', { name: 'Saved' }).waitFor();
    const kept = pa.getByRole('article').filter({ hasText: 'Sel roti recipe' });
    await kept.waitFor();
    await expectAccessible(pa);
    await e2e.snapshot('saved-1440');

    // B, the author, on a phone: Saved is in the menu, and B's own list is empty.
    const pb = await e2e.signedInPage(b, { width: 390, height: 844 });
    await pb.goto('/home');
    await pb.getByRole('button', { name: 'Open Menu' }).click();
    await pb.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Saved' }).click();
    await pb.getByText('Nothing saved yet').waitFor();
    await expectAccessible(pb);

    // A unsaves from the list: it leaves at once, and the empty list says so.
    await kept.getByRole('button', { name: 'Save' }).click();
    await pa.getByText('Nothing saved yet').waitFor();
    await pa.reload();
    await pa.getByText('Nothing saved yet').waitFor();
  });
});
