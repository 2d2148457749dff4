/**
 * Privacy controls (issue 38) as members meet them: a private account's follower is asked for and
 * approved from the Requests list, and only then sees the posts; a Followers-only post is missing for a
 * stranger (on the profile and at /p/{id}) and there for a follower; "who can message me: Friends"
 * turns a stranger away with the reason on screen; a photo marked sensitive stays blurred for another
 * member until tapped, and shows at once after they choose "Always show sensitive media".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Locator, Page } from 'playwright-core';
import { Events, PrivacyText } from '@sajha/contract';
import { ask, createUser, ok, sessionCookie, type TestUser } from '../apps/server/test/harness.js';
import { expectAccessible } from './axe.js';
import { startE2E, type E2E } from './harness.js';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

/** A post written over HTTP (the create dialog's own fields), answered with its id. */
async function postBy(user: TestUser, content: string, fields: Record<string, string> = {}): Promise<string> {
  const form = new FormData();
  form.set('content', content);
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const res = await fetch(`${e2e.baseUrl}/api/createPost`, {
    method: 'POST',
    body: form,
    headers: { cookie: await sessionCookie(e2e.db, user.id) },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { post: { post_id: string } }).post.post_id;
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true });
const article = (page: Page | Locator, text: string) => page.getByRole('article').filter({ hasText: text });

/** Opens Settings → Privacy and waits for the saved settings to show. */
async function openPrivacy(page: Page): Promise<void> {
  await page.goto('/settings/privacy');
  await page.getByRole('switch', { name: 'Private account' }).waitFor();
}

/** Chooses an option of one of the Privacy selects; the server's "saved" answer shows. */
async function choose(page: Page, field: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
  await toast(page, PrivacyText.saved).waitFor();
}

describe('privacy controls', () => {
  it('a private member approves a follow request from the Requests list; only then does the follower see the posts', async () => {
    const a = await createUser(e2e.db, { name: 'Asha Private' });
    const b = await createUser(e2e.db, { name: 'Bikash Asker' });
    await postBy(a, 'Sunrise from Sarangkot, for the people I know');

    // A makes the account private in Settings → Privacy.
    const pa = await e2e.signedInPage(a, DESKTOP);
    await openPrivacy(pa);
    const privateSwitch = pa.getByRole('switch', { name: 'Private account' });
    expect(await privateSwitch.isChecked()).toBe(false);
    await privateSwitch.click();
    await toast(pa, PrivacyText.saved).waitFor();
    expect(await privateSwitch.isChecked()).toBe(true);
    await pa.getByRole('link', { name: /Follow requests/ }).waitFor();
    await pa.screenshot({ path: 'e2e/artifacts/privacy-settings-1440.png' });
    await expectAccessible(pa);

    // B (on a phone) finds a lock, the notice, the counts and bio, and no posts; Follow asks.
    const pb = await e2e.signedInPage(b, PHONE);
    await pb.goto(`/u/${a.username}`);
    await pb.getByText(PrivacyText.privateAccount).waitFor();
    await pb.getByRole('img', { name: 'Private account' }).waitFor();
    expect(await pb.getByTestId('count-posts').textContent()).toBe('1');
    expect(await pb.getByRole('article').count()).toBe(0);
    await pb.getByRole('button', { name: 'Follow', exact: true }).click();
    await toast(pb, PrivacyText.requested).waitFor();
    const requested = pb.getByRole('button', { name: /^Requested/ });
    expect(await requested.textContent()).toBe('Requested');
    // The server remembers: after a reload the button still reads Requested, and the posts stay closed.
    await pb.reload();
    await requested.waitFor();
    await pb.getByText(PrivacyText.privateAccount).waitFor();
    await pb.screenshot({ path: 'e2e/artifacts/privacy-profile-locked-390.png' });
    await expectAccessible(pb);

    // A is told, and the notice leads to the Requests list.
    await pa
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: /Notifications/ })
      .click();
    const panel = pa.getByRole('dialog', { name: 'Notifications' });
    const notice = panel.getByTestId('notification-item').filter({ hasText: 'asked to follow you' });
    await notice.getByRole('button', { name: 'View Details' }).click();
    await pa.waitForURL((url) => url.pathname === '/friends/requests');
    expect(await pa.getByRole('tab', { name: /Requests/ }).getAttribute('aria-selected')).toBe('true');
    const row = pa.getByTestId('follow-request').filter({ hasText: b.name });
    await row.waitFor();
    // The list fits a phone too.
    await pa.setViewportSize(PHONE);
    await pa.screenshot({ path: 'e2e/artifacts/privacy-requests-390.png' });
    await expectAccessible(pa);
    await row.getByRole('button', { name: `Approve ${b.name}` }).click();
    await toast(pa, PrivacyText.approved).waitFor();
    await pa.getByText('No follow requests.').waitFor();

    // B now follows, and sees the posts.
    await pb.reload();
    await article(pb, 'Sunrise from Sarangkot').waitFor();
    await pb.getByRole('button', { name: 'Unfollow', exact: true }).waitFor();
    expect(await pb.getByText(PrivacyText.privateAccount).count()).toBe(0);
  });

  it('a Followers-only post is missing for a stranger (profile and /p/{id}) and there for a follower', async () => {
    const a = await createUser(e2e.db, { name: 'Anita Audience' });
    const follower = await createUser(e2e.db, { name: 'Firoj Follower' });
    const stranger = await createUser(e2e.db, { name: 'Sagar Stranger' });
    await ok(ask(await e2e.socketOf(follower), Events.follow, { username: a.username }));
    await postBy(a, 'An open note for everyone');

    // A writes the post in the create dialog, for followers only: the card says so beside its time.
    const pa = await e2e.signedInPage(a, DESKTOP);
    await pa.goto('/home');
    await pa.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Create Post' }).click();
    const dialog = pa.getByRole('dialog', { name: 'Create Post' });
    await dialog.getByLabel("What's on your mind?").fill('Only for my followers: the trek plan');
    await dialog.getByRole('combobox', { name: 'Who can see this' }).click();
    await pa.getByRole('option', { name: PrivacyText.audienceFollowers, exact: true }).click();
    expect(await dialog.getByRole('combobox', { name: 'Who can see this' }).textContent()).toContain(
      PrivacyText.audienceFollowers,
    );
    await dialog.getByRole('button', { name: 'Post' }).click();
    await dialog.waitFor({ state: 'detached' });
    const mine = article(pa, 'Only for my followers');
    await mine.getByRole('img', { name: 'Visible to: Followers' }).waitFor();
    const postId = await mine.getAttribute('data-post-id');
    expect(postId).toBeTruthy();
    await mine.screenshot({ path: 'e2e/artifacts/privacy-post-followers-1440.png' });
    await expectAccessible(pa);

    // The stranger (on a phone): the public note, not the followers' one; its link is "not available".
    const ps = await e2e.signedInPage(stranger, PHONE);
    await ps.goto(`/u/${a.username}`);
    await article(ps, 'An open note for everyone').waitFor();
    expect(await article(ps, 'Only for my followers').count()).toBe(0);
    await ps.goto(`/p/${postId}`);
    await ps.waitForURL((url) => url.pathname === `/view/${postId}`);
    await ps.getByText(PrivacyText.postUnavailable).waitFor();
    expect(await ps.getByText('the trek plan').count()).toBe(0);

    // The follower sees it on the profile, marked for followers, and at its link.
    const pf = await e2e.signedInPage(follower, DESKTOP);
    await pf.goto(`/u/${a.username}`);
    const seen = article(pf, 'Only for my followers');
    await seen.getByRole('img', { name: 'Visible to: Followers' }).waitFor();
    await pf.goto(`/p/${postId}`);
    await pf.waitForURL((url) => url.pathname === `/view/${postId}`);
    await pf.getByText('Only for my followers: the trek plan').waitFor();
  });

  it('"Who can message me: Friends" turns a stranger away, and the stranger reads why', async () => {
    const a = await createUser(e2e.db, { name: 'Asha Quiet' });
    const stranger = await createUser(e2e.db, { name: 'Sagar Writer' });

    const pa = await e2e.signedInPage(a, PHONE);
    await openPrivacy(pa);
    await choose(pa, 'Who can message me', PrivacyText.contactFriends);
    expect(await pa.getByRole('combobox', { name: 'Who can message me' }).textContent()).toContain(
      PrivacyText.contactFriends,
    );
    await pa.screenshot({ path: 'e2e/artifacts/privacy-settings-390.png', fullPage: true });

    const ps = await e2e.signedInPage(stranger, DESKTOP);
    await ps.goto(`/u/${a.username}`);
    await ps.getByRole('link', { name: 'Message', exact: true }).click();
    await ps.waitForURL((url) => url.pathname === `/message/@${a.username}`);
    await ps
      .getByRole('alert')
      .filter({ hasText: PrivacyText.cannotMessageFriends(a.name) })
      .waitFor();
    // No conversation was opened with A.
    expect(await ps.getByRole('textbox', { name: 'Message' }).count()).toBe(0);
  });

  it('a photo marked sensitive is blurred for another member until tapped, and shown at once once they choose to', async () => {
    const a = await createUser(e2e.db, { name: 'Asha Camera' });
    const b = await createUser(e2e.db, { name: 'Bikash Viewer' });

    // A (on a phone) posts a photo and marks it sensitive.
    const pa = await e2e.signedInPage(a, PHONE);
    await pa.goto('/home');
    await pa.getByRole('navigation', { name: 'Bottom' }).getByRole('button', { name: 'Create Post' }).click();
    const dialog = pa.getByRole('dialog', { name: 'Create Post' });
    await dialog.getByLabel("What's on your mind?").fill('After the landslide near Malekhu');
    expect(await dialog.getByRole('checkbox', { name: 'Mark media as sensitive' }).count()).toBe(0);
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#8e44ad' } })
      .jpeg()
      .toBuffer();
    await dialog
      .getByLabel('Photos or videos')
      .setInputFiles({ name: 'road.jpg', mimeType: 'image/jpeg', buffer: photo });
    await dialog.getByRole('img', { name: 'road.jpg' }).waitFor();
    await dialog.getByRole('checkbox', { name: 'Mark media as sensitive' }).check();
    await pa.screenshot({ path: 'e2e/artifacts/privacy-create-390.png' });
    await expectAccessible(pa);
    await dialog.getByRole('button', { name: 'Post' }).click();
    await dialog.waitFor({ state: 'detached' });

    // B sees it blurred behind "Sensitive content" until Show.
    const pb = await e2e.signedInPage(b, DESKTOP);
    await pb.goto(`/u/${a.username}`);
    const card = article(pb, 'After the landslide near Malekhu');
    const frame = card.getByTestId('sensitive-media');
    const cover = card.getByRole('group', { name: 'Sensitive content' });
    await cover.waitFor();
    expect(await frame.getAttribute('data-covered')).toBe('true');
    await cover.getByRole('button', { name: 'Show' }).click();
    await expect.poll(() => frame.getAttribute('data-covered')).toBe('false');
    await pb.reload();
    await cover.waitFor();

    // On another device B chooses "Always show sensitive media": the open page lifts the veil at once.
    const other = await e2e.signedInPage(b, PHONE);
    await openPrivacy(other);
    await other.getByRole('switch', { name: 'Always show sensitive media' }).click();
    await toast(other, PrivacyText.saved).waitFor();
    await expect.poll(() => frame.getAttribute('data-covered')).toBe('false');
    expect(await cover.count()).toBe(0);
    await expect.poll(() => frame.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(320);

    // And on a fresh load (the member's settings come with the session).
    await pb.reload();
    await card.waitFor();
    expect(await frame.getAttribute('data-covered')).toBe('false');
    expect(await cover.count()).toBe(0);
  });
});
