/**
 * Sign-up controls as people meet them (issue 33): an admin switches sign-ups to invite-only on
 * /admin/signups, a member makes an invite in Settings → Account, and a visitor opens the invite link and
 * signs up, the bot check solving itself; in approval mode a visitor asks to join, verifies their email,
 * is told to wait, their request shows on /admin/signups and is approved, and they sign in. A closed
 * server shows no form. The sign-up page's bot check (a Web Worker) runs under the CSP without a
 * violation, and the screens pass axe.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { SignupMessages, type SignupMode } from '@sajha/contract';
import { AuthText } from '../apps/server/src/features/auth/service.js';
import { saveSignupSettings } from '../apps/server/src/features/signup/settings.js';
import { createUser, sessionCookie, type TestUser } from '../apps/server/test/harness.js';
import { expectAccessible } from './axe.js';
import { startE2E, waitForMail, type E2E } from './harness.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E({ env: { ADMIN_EMAILS: 'admin@example.test' } });
});
afterAll(async () => {
  await e2e?.close();
});

const DESKTOP = { width: 1440, height: 900 };
const run = Date.now().toString(36);
let serial = 0;
function newcomer(first: string) {
  const username = `${first.toLowerCase()}_${run}${++serial}`;
  return { name: `${first} Shrestha`, username, email: `${username}@example.test`, password: 'sajha-pass-1' };
}

const field = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true });
const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });
const toast = (page: Page, text: string) =>
  page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: text });
/** The bot check has solved itself (the widget's own state). */
const solved = (scope: Page | Locator) => scope.locator('altcha-widget [data-state="verified"]').first();

async function signedInPage(user: TestUser): Promise<Page> {
  const page = await e2e.newPage(DESKTOP);
  const [name, value] = (await sessionCookie(e2e.db, user.id, true)).split('=');
  await page.context().addCookies([{ name: name!, value: value!, url: e2e.baseUrl, httpOnly: true, sameSite: 'Lax' }]);
  return page;
}

/** On /admin/signups: picks a mode and saves it, as an admin would. */
async function chooseMode(page: Page, label: string) {
  await page.goto('/admin/signups');
  await page.getByRole('heading', { name: 'Sign-ups', level: 1 }).waitFor();
  await page.getByRole('radio', { name: new RegExp(`^${label}`) }).check();
  await button(page, 'Save sign-up settings').click();
  await toast(page, SignupMessages.settingsSaved).waitFor();
}

async function fillForm(page: Page, who: ReturnType<typeof newcomer>) {
  await field(page, 'Name').fill(who.name);
  await field(page, 'Username').fill(who.username);
  await field(page, 'Email').fill(who.email);
  await field(page, 'Password').fill(who.password);
  await field(page, 'Confirm password').fill(who.password);
  await page.getByRole('checkbox', { name: /I agree to the Terms/ }).check();
}

async function enterMailedCode(page: Page, email: string, since: number) {
  const mail = await waitForMail(e2e.dataDir, email, 15_000, { since, subject: 'verification code' });
  const code = /\b(\d{6})\b/.exec(mail.subject)?.[1];
  expect(code, 'the mail carries a 6-digit code').toBeDefined();
  await field(page, 'Verification code').fill(code!);
  await button(page, 'Verify').click();
}

describe('sign-up controls', () => {
  /** An admin by ADMIN_EMAILS. */
  let admin: TestUser;
  beforeAll(async () => {
    admin = await createUser(e2e.db, { email: 'admin@example.test', name: 'Site Admin' });
  });

  it('invite-only: an admin switches, a member invites, a visitor signs up through the link', async () => {
    const member = await createUser(e2e.db, { name: 'Inviting Member' });
    const adminPage = await signedInPage(admin);
    await chooseMode(adminPage, 'Invite only');
    await expectAccessible(adminPage);

    const memberPage = await signedInPage(member);
    await memberPage.goto('/settings/account');
    await memberPage.getByRole('heading', { name: 'Invite people' }).waitFor();
    await button(memberPage, 'Create invite').click();
    await toast(memberPage, SignupMessages.inviteCreated).waitFor();
    const invites = memberPage.getByRole('list', { name: 'Your invites' });
    const code = (await invites.locator('code').first().textContent())!.trim();
    expect(code).toMatch(/^[A-Za-z0-9_-]{16}$/);
    await invites.getByText(/^Expires /).waitFor();

    // Without a code the form asks for one; with the link it is filled in.
    const visitor = await e2e.newPage(DESKTOP);
    await visitor.goto('/signup');
    await field(visitor, 'Invite code').waitFor();
    const who = newcomer('Nima');
    await fillForm(visitor, who);
    await button(visitor, 'Create account').click();
    await visitor.getByText(SignupMessages.inviteRequired).waitFor();

    await visitor.goto(`/signup?invite=${code}`);
    expect(await field(visitor, 'Invite code').inputValue()).toBe(code);
    await fillForm(visitor, who);
    await solved(visitor).waitFor();
    const asked = Date.now();
    await button(visitor, 'Create account').click();
    await visitor.getByText(AuthText.registered(who.email), { exact: true }).waitFor();
    await field(visitor, 'Verification code').waitFor();
    await enterMailedCode(visitor, who.email, asked);
    await visitor.waitForURL((url) => url.pathname === '/home');
    await visitor.getByText(`@${who.username}`, { exact: true }).waitFor();

    // The member sees it used, by whom.
    await memberPage.reload();
    await memberPage
      .getByRole('list', { name: 'Your invites' })
      .getByText(new RegExp(`^Used by @${who.username}`))
      .waitFor();
  });

  it('approval: a visitor asks to join, waits, appears on /admin/signups, is approved and signs in', async () => {
    const boss = await signedInPage(admin);
    await chooseMode(boss, 'Approval required');

    const visitor = await e2e.newPage(DESKTOP);
    const who = newcomer('Pema');
    await visitor.goto('/signup');
    await field(visitor, 'Why do you want to join?').fill(
      'I teach photography in Bhaktapur and want to share our work.',
    );
    await fillForm(visitor, who);
    await expectAccessible(visitor, { exclude: ['altcha-widget'] });
    const asked = Date.now();
    await button(visitor, 'Ask to join').click();
    await visitor.getByText(SignupMessages.requested(who.email), { exact: true }).waitFor();
    await enterMailedCode(visitor, who.email, asked);
    await visitor.getByText('Your email is verified.').waitFor();
    await visitor.getByText(SignupMessages.awaitingApproval).waitFor();
    expect(new URL(visitor.url()).pathname).toBe('/signup');

    await boss.goto('/admin/signups');
    const card = boss.getByRole('article', { name: who.name });
    await card.getByText('I teach photography in Bhaktapur and want to share our work.').waitFor();
    await card.getByText(who.email).waitFor();
    await card.getByText('Email verified').waitFor();
    await expectAccessible(boss);
    await button(card, 'Approve').click();
    await toast(boss, SignupMessages.approved).waitFor();
    await card.waitFor({ state: 'detached' });
    await waitForMail(e2e.dataDir, who.email, 15_000, { subject: 'You can now sign in' });

    await visitor.goto('/signin');
    await field(visitor, 'Email').fill(who.email);
    await field(visitor, 'Password').fill(who.password);
    await visitor.getByRole('button', { name: 'Sign in', exact: true }).click();
    await visitor.waitForURL((url) => url.pathname === '/home');
  });

  it('closed: the sign-up page says so and shows no form', async () => {
    await setMode('closed');
    const page = await e2e.newPage(DESKTOP);
    await page.goto('/signup');
    await page.getByText(`${SignupMessages.closed} Members can still sign in.`).waitFor();
    expect(await button(page, 'Create account').count()).toBe(0);
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
  });

  it('the bot check solves itself in a worker under the CSP, without a single violation', async () => {
    await setMode('open');
    const page = await e2e.newPage(DESKTOP);
    await page.context().addInitScript(() => {
      const w = window as unknown as { __csp: string[] };
      w.__csp = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) refused.push(m.text());
    });
    const workers: string[] = [];
    page.on('worker', (w) => workers.push(new URL(w.url()).origin));
    await page.goto('/signup');
    await solved(page).waitFor();
    expect(workers.length).toBeGreaterThan(0);
    expect(new Set(workers)).toEqual(new Set([e2e.baseUrl]));
    const violations = await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
    expect([...violations, ...refused]).toEqual([]);
  });
});

async function setMode(mode: SignupMode) {
  await saveSignupSettings({ db: e2e.db }, { mode, blockedDomains: [] });
}
