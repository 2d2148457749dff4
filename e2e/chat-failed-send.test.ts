/**
 * A send the server refuses (here: the other member blocked the sender after the chat started) is
 * shown as failed with the server's reason, Retry and Discard, instead of staying "pending" forever;
 * once the block is lifted, Retry delivers it, and Discard drops another refused send.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { PeopleMessages } from '@sajha/contract';
import { blocks } from '../apps/server/src/db/schema.js';
import { createUser, type TestUser } from '../apps/server/test/harness.js';
import { bubble, signIn, storedCount, type } from './chatPages.js';
import { expectAccessible } from './axe.js';
import { startE2E, type E2E } from './harness.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

async function signedInPage(user: TestUser, width: number): Promise<Page> {
  const page = await e2e.newPage({ width, height: 844 });
  await signIn(e2e, page, user);
  return page;
}

describe('chat: a refused send', () => {
  it('shows failed with the reason; Retry sends it once allowed, Discard drops it', async () => {
    const tag = Date.now().toString(36);
    const a = await createUser(e2e.db, { name: 'Asha Gurung', username: `asha_f${tag}` });
    const b = await createUser(e2e.db, { name: 'Bikash Thapa', username: `bikash_f${tag}` });
    const pa = await signedInPage(a, 390);
    await pa.goto(`/message/@${b.username}`);
    await pa.getByRole('link', { name: 'Bikash Thapa', exact: true }).waitFor();
    await type(pa, 'First hello');
    await bubble(pa, 'First hello').getByRole('button', { name: 'Message options' }).waitFor();

    await e2e.db.insert(blocks).values({ blockerId: b.id, blockedId: a.id });
    await type(pa, 'Are you there?');
    const failed = bubble(pa, 'Are you there?').getByRole('alert');
    await failed.getByText(`Not sent: ${PeopleMessages.cannotMessage}`).waitFor();
    expect(await bubble(pa, 'Are you there?').getByRole('button', { name: 'Message options' }).count()).toBe(0);
    await expectAccessible(pa);
    await pa.screenshot({ path: 'e2e/artifacts/chat-failed-send-390.png' });
    expect(await storedCount(e2e, a.id, 'Are you there?')).toBe(0);

    await e2e.db.delete(blocks).where(and(eq(blocks.blockerId, b.id), eq(blocks.blockedId, a.id)));
    await failed.getByRole('button', { name: 'Retry' }).click();
    await bubble(pa, 'Are you there?').getByRole('button', { name: 'Message options' }).waitFor();
    expect(await bubble(pa, 'Are you there?').getByRole('alert').count()).toBe(0);
    expect(await storedCount(e2e, a.id, 'Are you there?')).toBe(1);

    await e2e.db.insert(blocks).values({ blockerId: b.id, blockedId: a.id });
    await type(pa, 'Never mind');
    await bubble(pa, 'Never mind').getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => bubble(pa, 'Never mind').count()).toBe(0);
    expect(await storedCount(e2e, a.id, 'Never mind')).toBe(0);
  });
});
