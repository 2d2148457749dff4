/**
 * "Block User" in a group chat (issue 37): the chat menu offers it in every chat; in a group, A (on a
 * phone) picks the member first (everyone but A), confirms, and the block is stored. The group stays.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Events } from '@sajha/contract';
import { blocks } from '../apps/server/src/db/schema.js';
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

describe('blocking from a group chat', () => {
  it('picks the member to block from the group, then blocks them; the group stays', async () => {
    const tag = Date.now().toString(36);
    const a = await createUser(e2e.db, { name: 'Asha Gurung', username: `asha_${tag}` });
    const b = await createUser(e2e.db, { name: 'Bikash Thapa', username: `bikash_${tag}` });
    const c = await createUser(e2e.db, { name: 'Chandra Rai', username: `chandra_${tag}` });
    const sb = await e2e.socketOf(b);
    const crew = await ok<{ chatId: string }>(
      ask(sb, Events.startGroupChat, { groupName: `Dashain crew ${tag}`, userIds: [a.id, c.id] }),
    );
    await ok(ask(sb, Events.sendMessage, { message: 'Tika at my place', to_cid: crew.chatId }));

    const pa = await e2e.signedInPage(a, { width: 390, height: 844 });
    await pa.goto('/message');
    await pa.getByRole('button', { name: new RegExp(`Dashain crew ${tag}`) }).click();
    await bubble(pa, 'Tika at my place').waitFor();
    await pa.getByRole('button', { name: 'Chat menu' }).click();
    await pa.getByRole('menuitem', { name: 'Block User' }).click();
    const picker = pa.getByRole('dialog', { name: 'Block a member' });
    const members = picker.getByRole('list', { name: 'Members of this group' });
    await members.getByRole('button', { name: /Bikash Thapa/ }).waitFor();
    expect(await members.getByRole('button').allTextContents()).toEqual([
      expect.stringContaining('Bikash Thapa'),
      expect.stringContaining('Chandra Rai'),
    ]);
    await expectAccessible(pa);
    await members.getByRole('button', { name: /Bikash Thapa/ }).click();
    const confirm = pa.getByRole('dialog', { name: 'Block User' });
    await confirm.getByRole('button', { name: 'Block' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect
      .poll(
        async () =>
          (
            await e2e.db
              .select()
              .from(blocks)
              .where(and(eq(blocks.blockerId, a.id), eq(blocks.blockedId, b.id)))
          ).length,
      )
      .toBe(1);
    // The group is still A's, with B's message in it.
    expect(await bubble(pa, 'Tika at my place').count()).toBe(1);
  });
});
