/**
 * Trust and safety as members meet it, each in their own browser: B reports A's post through the dialog,
 * mutes A from A's profile (A's post leaves B's feed), mutes a Nepali word (C's post with it is collapsed
 * until shown), sees a post moderators marked sensitive blurred until shown, finds the mute, the word and
 * a warning in Settings → Safety and appeals the warning; others' comments and messages can be reported,
 * and those moderators removed read "Removed by moderators" with nothing to do on them; a suspended
 * member is told why and until when at sign-in and appeals from there.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { Events, ModerationMessages, type ChatDto, type CommentDto } from '@sajha/contract';
import { appeals, reports } from '../apps/server/src/db/schema.js';
import {
  ask,
  connectSocket,
  createUser,
  HttpClient,
  ok,
  sessionCookie,
  type TestSocket,
  type TestUser,
} from '../apps/server/test/harness.js';
import { expectAccessible } from './axe.js';
import { bubble } from './chatPages.js';
import { startE2E, type E2E } from './harness.js';

const ADMIN_EMAIL = 'root@example.test';
let e2e: E2E;
let admin: HttpClient;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  e2e = await startE2E({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
  const root = await createUser(e2e.db, { email: ADMIN_EMAIL, name: 'Site Admin' });
  admin = await httpFor(root);
});
afterAll(async () => {
  sockets.forEach((socket) => socket.close());
  await e2e?.close();
});

const desktop = { width: 1440, height: 900 };

async function httpFor(user: TestUser): Promise<HttpClient> {
  const http = new HttpClient(e2e.baseUrl);
  http.cookies.set('sajha_sid', (await sessionCookie(e2e.db, user.id)).split('=')[1]!);
  return http;
}

async function signedInPage(user: TestUser): Promise<Page> {
  const page = await e2e.newPage(desktop);
  const [name, value] = (await sessionCookie(e2e.db, user.id, true)).split('=');
  await page.context().addCookies([{ name: name!, value: value!, url: e2e.baseUrl, httpOnly: true, sameSite: 'Lax' }]);
  return page;
}

async function postBy(user: TestUser, content: string, photo?: Buffer): Promise<string> {
  const form = new FormData();
  form.set('content', content);
  if (photo) form.append('mediaFiles', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
  const res = await fetch(`${e2e.baseUrl}/api/createPost`, {
    method: 'POST',
    body: form,
    headers: { cookie: await sessionCookie(e2e.db, user.id) },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { post: { post_id: string } }).post.post_id;
}

async function staffAction(body: Record<string, unknown>): Promise<void> {
  const res = await admin.post('/api/admin/actions', body);
  expect(res.body, JSON.stringify(body)).toMatchObject({ success: true });
}

const article = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });
// By its text: while another dialog stays open (comments), MUI hides everything outside it from the
// accessibility tree, the toasts too.
const toast = (page: Page, text: string) => page.getByText(text, { exact: true });

describe('trust and safety for members', () => {
  it('B reports A’s post, mutes A from the profile (the post leaves the feed) and mutes a word', async () => {
    const tag = Date.now().toString(36);
    const a = await createUser(e2e.db, { name: 'Asha Gurung', username: `asha_${tag}` });
    const b = await createUser(e2e.db, { name: 'Bikash Thapa', username: `bikash_${tag}` });
    const c = await createUser(e2e.db, { name: 'Chandra Rai', username: `chandra_${tag}` });
    const aPost = await postBy(a, `Cheap followers here ${tag}`);
    await postBy(c, `आज चुनाव हुँदैछ ${tag}`);
    await postBy(c, `Tea at Boudha ${tag}`);
    const pb = await signedInPage(b);

    // Report: a reason is needed; with one, the server's thanks comes as a toast and a report is stored.
    await pb.goto('/home');
    const card = article(pb, `Cheap followers here ${tag}`);
    await card.waitFor();
    await card.getByRole('button', { name: 'More actions' }).click();
    await pb.getByRole('menuitem', { name: 'Report post' }).click();
    const dialog = pb.getByRole('dialog', { name: 'Report post' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Choose a reason.' }).waitFor();
    await dialog.getByRole('radio', { name: 'Spam' }).check();
    await dialog.getByRole('textbox', { name: 'Note (optional)' }).fill('Sells followers in every post.');
    await expectAccessible(pb);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await toast(pb, ModerationMessages.reportReceived).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const stored = await e2e.db
      .select({ reason: reports.reason, note: reports.note })
      .from(reports)
      .where(and(eq(reports.targetKind, 'post'), eq(reports.targetId, aPost)));
    expect(stored).toEqual([{ reason: 'spam', note: 'Sells followers in every post.' }]);

    // Mute A from A's profile: the toast, the menu's "Unmute", and A's post gone from B's feed.
    await pb.goto(`/u/@${a.username}`);
    await pb.getByRole('heading', { name: 'Asha Gurung', level: 1 }).waitFor();
    await pb.getByRole('button', { name: 'Profile menu' }).click();
    await pb.getByRole('menuitem', { name: `Mute @${a.username}` }).click();
    await toast(pb, ModerationMessages.muted).waitFor();
    await pb.getByRole('button', { name: 'Profile menu' }).click();
    await pb.getByRole('menuitem', { name: `Unmute @${a.username}` }).waitFor();
    await pb.keyboard.press('Escape');
    await pb.getByRole('link', { name: 'Home' }).first().click();
    await article(pb, `Tea at Boudha ${tag}`).waitFor();
    await expect.poll(() => card.count(), { timeout: 10_000 }).toBe(0);

    // Mute a Nepali word in Settings → Safety: C's post with it is collapsed until shown, the other is not.
    await pb.goto('/settings/safety');
    const words = pb.getByRole('region', { name: 'Muted words' });
    await words.getByText('You have not muted any words.').waitFor();
    await words.getByRole('textbox', { name: 'Word or phrase' }).fill('चुनाव');
    await words.getByRole('button', { name: 'Add' }).click();
    await toast(pb, ModerationMessages.wordAdded).waitFor();
    await words.getByRole('list', { name: 'Muted words' }).getByText('चुनाव', { exact: true }).waitFor();
    const members = pb.getByRole('region', { name: 'Muted members' });
    await members.getByRole('list', { name: 'Muted members' }).getByText(`@${a.username}`).waitFor();
    await expectAccessible(pb);

    await pb.getByRole('link', { name: 'Home' }).first().click();
    const nepali = pb
      .getByRole('article', { name: 'Post by Chandra Rai' })
      .filter({ has: pb.getByTestId('muted-word-hidden') });
    await nepali.getByText(ModerationMessages.mutedWordHidden).waitFor();
    expect(await pb.getByText(`आज चुनाव हुँदैछ ${tag}`).count()).toBe(0);
    expect(await article(pb, `Tea at Boudha ${tag}`).getByTestId('muted-word-hidden').count()).toBe(0);
    await nepali.getByRole('button', { name: 'Show' }).click();
    await pb.getByText(`आज चुनाव हुँदैछ ${tag}`).waitFor();

    // Unmuting from Safety brings A's posts back.
    await pb.goto('/settings/safety');
    await members.getByRole('button', { name: `Unmute @${a.username}` }).click();
    await toast(pb, ModerationMessages.unmuted).waitFor();
    await members.getByText('You have not muted anyone.').waitFor();
    await pb.getByRole('link', { name: 'Home' }).first().click();
    await card.waitFor();
  });

  it('media marked sensitive stay blurred until shown; a warned member appeals from Safety', async () => {
    const a = await createUser(e2e.db, { name: 'Asha Photo' });
    const b = await createUser(e2e.db, { name: 'Bikash Viewer' });
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#c0392b' } })
      .jpeg()
      .toBuffer();
    const postId = await postBy(a, 'After the accident on the highway', photo);
    await staffAction({ action: 'sensitive', kind: 'post', id: postId, reason: 'graphic injury' });
    await staffAction({ action: 'warn', kind: 'member', id: b.id, reason: 'Insults in comments' });

    const pb = await signedInPage(b);
    await pb.goto('/home');
    const card = article(pb, 'After the accident on the highway');
    await card.waitFor();
    const cover = card.getByRole('group', { name: 'Sensitive content' });
    await cover.waitFor();
    const frame = card.getByTestId('sensitive-media');
    expect(await frame.getAttribute('data-covered')).toBe('true');
    expect(
      await frame.locator('img').evaluate((img) => getComputedStyle(img.parentElement!.parentElement!).filter),
    ).toMatch(/blur/);
    // Keyboard: Show is reachable and works with Enter.
    await cover.getByRole('button', { name: 'Show' }).focus();
    await pb.keyboard.press('Enter');
    await cover.waitFor({ state: 'detached' });
    expect(await frame.getAttribute('data-covered')).toBe('false');
    await expect.poll(() => frame.locator('img').evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(320);

    // The bell's link lands on the standing in Safety; B appeals the warning once.
    await pb.goto('/moderation');
    await pb.waitForURL('**/settings/safety');
    const standing = pb.getByRole('region', { name: 'Your account standing' });
    const warning = standing.getByTestId('standing-action').filter({ hasText: 'Moderators warned you' });
    await warning.getByText('Reason: Insults in comments').waitFor();
    await warning.getByRole('button', { name: 'Appeal' }).click();
    await warning.getByRole('textbox', { name: 'Why was this wrong?' }).fill('I was quoting someone else.');
    await warning.getByRole('button', { name: 'Send appeal' }).click();
    await toast(pb, ModerationMessages.appealReceived).waitFor();
    await warning.getByText('Appeal pending').waitFor();
    expect(await warning.getByRole('button', { name: 'Appeal' }).count()).toBe(0);
  });

  it('others’ comments and messages can be reported; removed ones say so and offer nothing', async () => {
    const a = await createUser(e2e.db, { name: 'Asha Lake' });
    const b = await createUser(e2e.db, { name: 'Bikash Reader' });
    const c = await createUser(e2e.db, { name: 'Chandra Talker' });
    const cSocket = await connectSocket(e2e.baseUrl, await sessionCookie(e2e.db, c.id));
    sockets.push(cSocket);
    const postId = await postBy(a, 'Evening at Phewa lake');
    await ok<CommentDto[]>(ask(cSocket, Events.addComment, { postId, comment: 'Lovely view' }));
    const list = await ok<CommentDto[]>(ask(cSocket, Events.addComment, { postId, comment: 'You all are idiots' }));
    const rude = list.find((x) => x.comment === 'You all are idiots')!;
    await staffAction({ action: 'remove', kind: 'comment', id: rude.id, reason: 'insult' });
    const chat = await ok<ChatDto>(ask(cSocket, Events.startChat, { username: b.username }));
    await ok(ask(cSocket, Events.sendMessage, { message: 'Namaste Bikash', to_cid: chat.id }));
    const sent = await ok<{ id: string }>(
      ask(cSocket, Events.sendMessage, { message: 'Nasty words', to_cid: chat.id }),
    );
    await staffAction({ action: 'remove', kind: 'message', id: sent.id, reason: 'insult' });

    const pb = await signedInPage(b);
    await pb.goto('/home');
    await article(pb, 'Evening at Phewa lake')
      .getByRole('button', { name: /^Comments/ })
      .click();
    const comments = pb.getByRole('dialog', { name: 'Comments' });
    const removed = comments.getByTestId('comment').filter({ hasText: ModerationMessages.removed });
    await removed.waitFor();
    expect(await comments.getByText('You all are idiots').count()).toBe(0);
    expect(await removed.getByRole('button').count()).toBe(0); // no menu, no Reply
    const kept = comments.getByTestId('comment').filter({ hasText: 'Lovely view' });
    await kept.getByRole('button', { name: 'Comment options' }).click();
    await pb.getByRole('menuitem', { name: 'Report comment' }).click();
    const report = pb.getByRole('dialog', { name: 'Report comment' });
    await report.getByRole('radio', { name: 'Spam' }).check();
    await report.getByRole('button', { name: 'Submit' }).click();
    await toast(pb, ModerationMessages.reportReceived).waitFor();
    await report.waitFor({ state: 'detached' });
    const lovely = list.find((x) => x.comment === 'Lovely view')!;
    expect(
      await e2e.db
        .select({ reason: reports.reason })
        .from(reports)
        .where(and(eq(reports.targetKind, 'comment'), eq(reports.targetId, lovely.id))),
    ).toEqual([{ reason: 'spam' }]);
    await comments.getByRole('button', { name: 'Close' }).click();

    // The chat: the removed message reads so, without its options; the other one can be reported.
    await pb.goto(`/message/@${c.username}`);
    const gone = bubble(pb, ModerationMessages.removed);
    await gone.waitFor();
    expect(await pb.getByText('Nasty words').count()).toBe(0);
    expect(await gone.getByRole('button', { name: 'Message options' }).count()).toBe(0);
    await bubble(pb, 'Namaste Bikash').getByRole('button', { name: 'Message options' }).click();
    await pb.getByRole('menuitem', { name: 'Report message' }).click();
    await pb.getByRole('dialog', { name: 'Report message' }).waitFor();
  });

  it('a suspended member reads the reason and the date at sign-in, and appeals from there', async () => {
    const s = await createUser(e2e.db, { name: 'Sita Suspended', password: 'correct-horse-9' });
    await staffAction({ action: 'suspend', kind: 'member', id: s.id, reason: 'Threats in chat', days: 3 });

    const page = await e2e.newPage({ width: 390, height: 844 });
    await page.goto('/signin');
    await page.getByRole('textbox', { name: 'Email' }).fill(s.email);
    await page.getByLabel('Password').fill('correct-horse-9');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const notice = page.getByTestId('sanction-message');
    await notice.waitFor();
    const text = (await notice.textContent()) ?? '';
    expect(text).toMatch(/^Your account is suspended until \d{1,2} \w+ \d{4} at \d{2}:\d{2}: Threats in chat$/);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Appeal this decision' }).click();
    const dialog = page.getByRole('dialog', { name: 'Appeal this decision' });
    expect(await dialog.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(s.email);
    expect(await dialog.getByLabel('Password').inputValue()).toBe('correct-horse-9');
    await dialog.getByRole('textbox', { name: 'Why was this wrong?' }).fill('Those were song lyrics, not threats.');
    await dialog.getByRole('button', { name: 'Send appeal' }).click();
    await dialog.getByText(ModerationMessages.appealReceived).waitFor();
    const stored = await e2e.db.select({ text: appeals.text }).from(appeals).where(eq(appeals.memberId, s.id));
    expect(stored).toEqual([{ text: 'Those were song lyrics, not threats.' }]);
    // A second appeal of the same action is refused, and the dialog says so.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Appeal this decision' }).click();
    await dialog.getByRole('textbox', { name: 'Why was this wrong?' }).fill('Again.');
    await dialog.getByRole('button', { name: 'Send appeal' }).click();
    await dialog.getByRole('alert').filter({ hasText: ModerationMessages.appealOnce }).waitFor();
  });
});
