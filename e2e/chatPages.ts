/**
 * What the chat browser tests share: a member signed in on a page, typing a message, a message's bubble,
 * and how often it was stored.
 */
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { messages } from '../apps/server/src/db/schema.js';
import { sessionCookie, type TestUser } from '../apps/server/test/harness.js';
import type { E2E } from './harness.js';

/** Signs `user` in on the page's context (a remembered session cookie, as the sign-in form sets). */
export async function signIn(e2e: E2E, page: Page, user: TestUser): Promise<void> {
  const [name, value] = (await sessionCookie(e2e.db, user.id, true)).split('=');
  await page.context().addCookies([{ name: name!, value: value!, url: e2e.baseUrl, httpOnly: true, sameSite: 'Lax' }]);
}

export const bubble = (page: Page, text: string) => page.locator('[data-message-id]', { hasText: text });

/** Opens a message's options menu and picks an item (a quick reaction is "React 👍"). */
export async function messageOption(page: Page, text: string, option: string | RegExp): Promise<void> {
  await bubble(page, text).getByRole('button', { name: 'Message options' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: option }).click();
}

/** Types a message in the open chat and sends it with Enter. */
export async function type(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
}

/** How many messages with this text from this sender the database holds. */
export async function storedCount(e2e: E2E, senderId: string, content: string): Promise<number> {
  const rows = await e2e.db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.senderId, senderId), eq(messages.content, content)));
  return rows.length;
}
