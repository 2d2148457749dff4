/**
 * "Edit Group" in the browser (issue 16): the creator renames the group and removes a member, a member
 * leaves; each change is announced in the chat as a centred line, and the one who is out loses the chat.
 * The creator sets the group's picture (cropped as avatars are); the other members see it in their list.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { Messages } from '@sajha/contract';
import { chatMembers, chats } from '../apps/server/src/db/schema.js';
import sharp from 'sharp';
import { createUser, sessionCookie, type TestUser } from '../apps/server/test/harness.js';
import { expectAccessible } from './axe.js';
import { startE2E, type E2E } from './harness.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

async function signedInPage(user: TestUser): Promise<Page> {
  const page = await e2e.newPage({ width: 1280, height: 800 });
  const [name, value] = (await sessionCookie(e2e.db, user.id, true)).split('=');
  await page.context().addCookies([{ name: name!, value: value!, url: e2e.baseUrl, httpOnly: true, sameSite: 'Lax' }]);
  return page;
}

const log = (page: Page) => page.getByRole('log', { name: 'Messages' });
const chatButton = (page: Page, name: string) => page.getByRole('button', { name: `Chat with ${name}` });

async function openEditGroup(page: Page) {
  await page.getByRole('button', { name: 'Chat menu' }).click();
  await page.getByRole('menuitem', { name: 'Edit Group' }).click();
  return page.getByRole('dialog', { name: Messages.chat.editGroup });
}

describe('editing a group', () => {
  it('the creator renames and removes, a member leaves, and the chat tells everyone', async () => {
    const tag = Date.now().toString(36);
    const a = await createUser(e2e.db, { name: 'Asha Gurung', username: `asha_${tag}` });
    const b = await createUser(e2e.db, { name: 'Bikash Thapa', username: `bikash_${tag}` });
    const c = await createUser(e2e.db, { name: 'Chandra Rai', username: `chandra_${tag}` });
    const groupId = randomUUID();
    await e2e.db.insert(chats).values({ id: groupId, kind: 'group', name: 'Trek', createdBy: a.id });
    await e2e.db.insert(chatMembers).values([a, b, c].map((u) => ({ chatId: groupId, userId: u.id })));

    const [pa, pb, pc] = await Promise.all([signedInPage(a), signedInPage(b), signedInPage(c)]);
    await pa.goto(`/message/${groupId}`);
    await pb.goto(`/message/${groupId}`);
    await pc.goto('/message');
    await chatButton(pc, 'Trek').waitFor();

    // A member sees the group but not the creator's controls.
    const atB = await openEditGroup(pb);
    await atB.getByRole('list', { name: 'Group members' }).getByText('Chandra Rai').waitFor();
    expect(await atB.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
    await atB.getByRole('button', { name: 'Close' }).click();

    // The creator renames: announced in the chat, and C's list shows the new name.
    const dialog = await openEditGroup(pa);
    await dialog.getByLabel(Messages.chat.groupNameLabel).fill('Trek to Mardi');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await log(pb).getByText(Messages.chat.groupRenamed('Trek to Mardi', 'Asha Gurung')).waitFor();
    await chatButton(pc, 'Trek to Mardi').waitFor();

    // The creator removes C: C loses the chat, B reads why.
    await dialog.getByRole('button', { name: `${Messages.chat.removeMember} Chandra Rai` }).click();
    await dialog.getByRole('list', { name: 'Group members' }).getByText('Chandra Rai').waitFor({ state: 'detached' });
    await log(pb).getByText(Messages.chat.memberRemoved('Chandra Rai', 'Asha Gurung')).waitFor();
    await chatButton(pc, 'Trek to Mardi').waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Close' }).click();

    // B leaves (with a confirmation): A reads it in the chat; B's list no longer has the group.
    const leaving = await openEditGroup(pb);
    await leaving.getByRole('button', { name: Messages.chat.leaveGroup }).click();
    await leaving.getByText(Messages.chat.leaveGroupConfirm).waitFor();
    await leaving.getByRole('button', { name: Messages.chat.leaveGroup }).click();
    await log(pa).getByText(Messages.chat.memberLeft('Bikash Thapa')).waitFor();
    await chatButton(pb, 'Trek to Mardi').waitFor({ state: 'detached' });
  });

  it('the creator sets the group picture, cropped; members see it at once, and only the creator may', async () => {
    const tag = Date.now().toString(36);
    const a = await createUser(e2e.db, { name: 'Asha Gurung', username: `asha_${tag}` });
    const b = await createUser(e2e.db, { name: 'Bikash Thapa', username: `bikash_${tag}` });
    const c = await createUser(e2e.db, { name: 'Chandra Rai', username: `chandra_${tag}` });
    const groupId = randomUUID();
    await e2e.db.insert(chats).values({ id: groupId, kind: 'group', name: 'Pokhara crew', createdBy: a.id });
    await e2e.db.insert(chatMembers).values([a, b, c].map((u) => ({ chatId: groupId, userId: u.id })));

    const pa = await e2e.signedInPage(a, { width: 390, height: 844 });
    const pb = await e2e.signedInPage(b, { width: 1440, height: 900 });
    await pa.goto(`/message/${groupId}`);
    await pb.goto(`/message/${groupId}`);
    await chatButton(pb, 'Pokhara crew').waitFor();

    // B is not the creator: told so, no dialog.
    await pb.getByRole('button', { name: 'Chat menu' }).click();
    await pb.getByRole('menuitem', { name: 'Set Group Profile Picture' }).click();
    await pb.getByText(Messages.chat.creatorOnly).waitFor();
    expect(await pb.getByRole('dialog', { name: 'Set Group Profile Picture' }).count()).toBe(0);

    // A chooses, crops and saves.
    await pa.getByRole('button', { name: 'Chat menu' }).click();
    await pa.getByRole('menuitem', { name: 'Set Group Profile Picture' }).click();
    const dialog = pa.getByRole('dialog', { name: 'Set Group Profile Picture' });
    await dialog.waitFor();
    const picture = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#00838f' } })
      .png()
      .toBuffer();
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'crew.png', mimeType: 'image/png', buffer: picture });
    await dialog.getByRole('slider', { name: 'Zoom' }).waitFor();
    await dialog.getByRole('button', { name: 'Crop' }).click();
    await dialog.getByRole('img', { name: 'Preview of the new picture' }).waitFor();
    await expectAccessible(pa);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await pa.getByText('Group picture set').waitFor();

    // B's list shows it at once (the small one), decoded; the chat says who changed it.
    const [row] = await e2e.db.select({ picture: chats.picture }).from(chats).where(eq(chats.id, groupId));
    expect(row?.picture).toMatch(new RegExp(`^/api/chat/${groupId}/picture/[a-f0-9]{32}-512\\.webp$`));
    const small = chatButton(pb, 'Pokhara crew').locator(
      `img[src="${row!.picture!.replace('-512.webp', '-128.webp')}"]`,
    );
    await expect.poll(() => small.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(128);
    await log(pb).getByText(Messages.chat.groupPictureChanged('Asha Gurung')).waitFor();
    await e2e.snapshot('group-picture');
  });
});
