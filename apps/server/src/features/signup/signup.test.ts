/**
 * Sign-up controls over HTTP on a real server: each mode refuses what it should with its message (closed,
 * invite-only, approval), blocked domains and their subdomains, at most five sign-ups per address per
 * 30 minutes, members' invites (single use, expiry, limits, revoking), the approval queue end to end,
 * and the bot check (ALTCHA) on sign-up, resend-code and reset: missing, forged, reused and expired
 * solutions refused, a solved one accepted.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ModerationMessages,
  SIGNUP_LIMITS,
  SignupMessages,
  type InviteDto,
  type SignupMode,
  type SignupRequestDto,
} from '@sajha/contract';
import { invites, moderationLog, serverSettings, users } from '../../db/schema.js';
import {
  createUser,
  HttpClient,
  lastCodeFor,
  outbox,
  sessionCookie,
  solvedBotCheck,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.js';
import { AuthText } from '../auth/index.js';
import { issueChallenge } from './botcheck.js';
import { saveSignupSettings } from './settings.js';

let t: TestApp;
let admin: TestUser & { http: HttpClient };
let member: TestUser & { http: HttpClient };
let other: TestUser & { http: HttpClient };

async function signedIn(over: Partial<TestUser> = {}): Promise<TestUser & { http: HttpClient }> {
  const u = await createUser(t.db, over);
  const http = new HttpClient(t.url, nextIp());
  http.cookies.set('sajha_sid', (await sessionCookie(t.db, u.id)).split('=')[1]!);
  return { ...u, http };
}

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'true', ADMIN_EMAILS: 'boss@example.test' });
  admin = await signedIn({ email: 'boss@example.test' });
  member = await signedIn();
  other = await signedIn();
});
afterAll(async () => {
  await t?.close();
});

let ips = 0;
/** Each visitor comes from an address of its own, so the per-address sign-up limit counts only where meant. */
const nextIp = () => `203.0.113.${(ips += 1) % 250}`;
const visitor = () => new HttpClient(t.url, nextIp());
let n = 0;
const fresh = (email?: string) => {
  n += 1;
  return {
    fullname: 'Maya Gurung',
    username: `maya_${n}_${Date.now() % 100000}`,
    email: email ?? `maya${n}.${Date.now()}@example.test`,
    password: 'pokhara-lake-9',
  };
};

async function setMode(mode: SignupMode, blockedDomains: string[] = []) {
  const res = await admin.http.request('PUT', '/api/admin/signups/settings', { mode, blockedDomains });
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true });
}

const accountOf = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0];

describe('sign-up controls', () => {
  it('requires sign-in: invites and the admin screens refuse a visitor', async () => {
    for (const [method, p] of [
      ['GET', '/api/invites'],
      ['POST', '/api/invites'],
      ['GET', '/api/admin/signups/settings'],
      ['GET', '/api/admin/signups/requests'],
      ['GET', '/api/admin/invites'],
    ] as const) {
      const res = await visitor().request(method, p, method === 'POST' ? {} : undefined);
      expect(res.status, p).toBe(401);
    }
  });

  it('the settings are the admins’: a member is refused; an admin saves the mode and tidied domains, logged', async () => {
    const refused = await member.http.request('PUT', '/api/admin/signups/settings', {
      mode: 'closed',
      blockedDomains: [],
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ModerationMessages.adminOnly);
    expect((await member.http.get('/api/admin/signups/requests')).status).toBe(403);
    expect((await member.http.get('/api/admin/invites')).status).toBe(403);

    const bad = await admin.http.request('PUT', '/api/admin/signups/settings', {
      mode: 'open',
      blockedDomains: ['not a domain'],
    });
    expect(bad).toMatchObject({ status: 400, body: { message: SignupMessages.domainInvalid('not a domain') } });

    const saved = await admin.http.request('PUT', '/api/admin/signups/settings', {
      mode: 'approval',
      blockedDomains: ['@Spam.Example', '*.junk.test', 'spam.example'],
    });
    expect(saved.body).toMatchObject({
      success: true,
      message: SignupMessages.settingsSaved,
      settings: { mode: 'approval', blockedDomains: ['junk.test', 'spam.example'] },
    });
    expect((await admin.http.get('/api/admin/signups/settings')).body.settings).toEqual({
      mode: 'approval',
      blockedDomains: ['junk.test', 'spam.example'],
    });
    // The sign-up form learns the mode from the public config.
    expect((await visitor().get('/api/config')).body.signup).toEqual({ mode: 'approval', botCheck: true });
    const logged = await t.db
      .select()
      .from(moderationLog)
      .where(and(eq(moderationLog.action, 'signup-settings'), eq(moderationLog.actorId, admin.id)));
    expect(logged.length).toBeGreaterThan(0);
  });

  it('closed: a sign-up is refused with its message and creates nothing; members still sign in', async () => {
    await setMode('closed');
    const who = fresh();
    const res = await visitor().post('/api/auth/register', who);
    expect(res).toMatchObject({ status: 403, body: { success: false, message: SignupMessages.closed } });
    expect(await accountOf(who.email)).toBeUndefined();
    const login = await visitor().post('/api/auth/login', { email: member.email, password: member.password });
    expect(login.status).toBe(200);
  });

  it('blocked email domains and the domains under them are refused; others sign up', async () => {
    await setMode('open', ['spam.example']);
    for (const email of [`a${Date.now()}@spam.example`, `b${Date.now()}@mail.spam.example`]) {
      const res = await visitor().post('/api/auth/register', fresh(email));
      expect(res, email).toMatchObject({
        status: 403,
        body: { message: SignupMessages.domainBlocked, field: 'email' },
      });
      expect(await accountOf(email)).toBeUndefined();
    }
    const near = fresh(`c${Date.now()}@notspam.example`);
    expect((await visitor().post('/api/auth/register', near)).status).toBe(200);
    expect(await accountOf(near.email)).toBeDefined();
  });

  it('invite-only: no code, an unknown, a used and an expired one are refused; a good one works once', async () => {
    await setMode('invite');
    const made = await member.http.post('/api/invites', {});
    expect(made.body).toMatchObject({ success: true, message: SignupMessages.inviteCreated });
    const invite = made.body.invite as InviteDto;
    expect(invite).toMatchObject({ status: 'unused', createdBy: member.username, usedBy: null });
    expect(invite.link).toBe(`${t.url}/signup?invite=${encodeURIComponent(invite.code)}`);
    // Seven days unless chosen otherwise.
    const days = (new Date(invite.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const without = await visitor().post('/api/auth/register', fresh());
    expect(without).toMatchObject({
      status: 403,
      body: { message: SignupMessages.inviteRequired, field: 'invite' },
    });
    const unknown = await visitor().post('/api/auth/register', { ...fresh(), invite: 'not-a-real-code' });
    expect(unknown).toMatchObject({ status: 400, body: { message: SignupMessages.inviteInvalid, field: 'invite' } });

    const who = fresh();
    const joined = await visitor().post('/api/auth/register', { ...who, invite: invite.code });
    expect(joined).toMatchObject({ status: 200, body: { message: AuthText.registered(who.email) } });
    const account = await accountOf(who.email);
    const [row] = await t.db.select().from(invites).where(eq(invites.code, invite.code));
    expect(row).toMatchObject({ usedBy: account!.id });
    const again = await visitor().post('/api/auth/register', { ...fresh(), invite: invite.code });
    expect(again).toMatchObject({ status: 409, body: { message: SignupMessages.inviteUsed, field: 'invite' } });
    // The member sees it used, by whom; a used invite cannot be revoked.
    const mine = (await member.http.get('/api/invites')).body.invites as InviteDto[];
    expect(mine.find((i) => i.code === invite.code)).toMatchObject({ status: 'used', usedBy: who.username });
    const revokeUsed = await member.http.request('DELETE', `/api/invites/${invite.code}`);
    expect(revokeUsed).toMatchObject({ status: 409, body: { message: SignupMessages.inviteAlreadyUsed } });

    const old = (await member.http.post('/api/invites', { days: 1 })).body.invite as InviteDto;
    await t.db
      .update(invites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invites.code, old.code));
    const expired = await visitor().post('/api/auth/register', { ...fresh(), invite: old.code });
    expect(expired).toMatchObject({ status: 400, body: { message: SignupMessages.inviteExpired, field: 'invite' } });
    expect((await member.http.get('/api/invites')).body.invites).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: old.code, status: 'expired' })]),
    );
  });

  it('invite-only: sign-ups racing with one code: exactly one gets in, the others hear it was used', async () => {
    await setMode('invite');
    const code = ((await admin.http.post('/api/invites', {})).body.invite as InviteDto).code;
    const racers = Array.from({ length: 4 }, () => fresh());
    // Each solved its bot check first, so they reach the server together.
    const checks = await Promise.all(racers.map(() => solvedBotCheck(t.url, nextIp())));
    const answers = await Promise.all(
      racers.map((who, i) => visitor().post('/api/auth/register', { ...who, invite: code, altcha: checks[i] })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.message).toBe(SignupMessages.inviteUsed);
    const created = (await Promise.all(racers.map((who) => accountOf(who.email)))).filter(Boolean);
    expect(created).toHaveLength(1);
    const [row] = await t.db.select().from(invites).where(eq(invites.code, code));
    expect(row!.usedBy).toBe(created[0]!.id);
  });

  it('invites: a member holds at most five unused ones and revokes their own; another’s is no such invite', async () => {
    await setMode('invite');
    const m = await signedIn();
    const codes: string[] = [];
    for (let i = 0; i < SIGNUP_LIMITS.invitesPerMember; i++) {
      const res = await m.http.post('/api/invites', { days: 3 });
      expect(res.status).toBe(200);
      codes.push((res.body.invite as InviteDto).code);
    }
    expect((await m.http.get('/api/invites')).body).toMatchObject({ enabled: true, left: 0 });
    const sixth = await m.http.post('/api/invites', {});
    expect(sixth).toMatchObject({
      status: 429,
      body: { message: SignupMessages.inviteLimit(SIGNUP_LIMITS.invitesPerMember) },
    });

    const theirs = await other.http.request('DELETE', `/api/invites/${codes[0]}`);
    expect(theirs).toMatchObject({ status: 404, body: { message: SignupMessages.inviteNotFound } });
    expect(await t.db.select().from(invites).where(eq(invites.code, codes[0]!))).toHaveLength(1);
    const revoked = await m.http.request('DELETE', `/api/invites/${codes[0]}`);
    expect(revoked.body).toEqual({ success: true, message: SignupMessages.inviteRevoked });
    const gone = await visitor().post('/api/auth/register', { ...fresh(), invite: codes[0] });
    expect(gone.body.message).toBe(SignupMessages.inviteInvalid);
    expect((await m.http.get('/api/invites')).body).toMatchObject({ left: 1 });

    // An admin sees every invite and revokes anyone's (logged); in any mode they may make more.
    const all = (await admin.http.get('/api/admin/invites')).body.invites as InviteDto[];
    expect(all.filter((i) => i.createdBy === m.username)).toHaveLength(4);
    expect((await admin.http.request('DELETE', `/api/invites/${codes[1]}`)).status).toBe(200);
    await setMode('open');
    expect((await m.http.post('/api/invites', {})).body).toMatchObject({ message: SignupMessages.invitesOff });
    expect((await m.http.get('/api/invites')).body).toMatchObject({ enabled: false });
    expect((await admin.http.post('/api/invites', { days: 30 })).status).toBe(200);
    expect((await admin.http.get('/api/invites')).body).toMatchObject({ enabled: true, left: null });
  });

  it('approval: why is asked for; the email can be verified, but sign-in waits until an admin approves', async () => {
    await setMode('approval');
    const who = fresh();
    const noWhy = await visitor().post('/api/auth/register', who);
    expect(noWhy).toMatchObject({ status: 400, body: { message: SignupMessages.whyRequired, field: 'why' } });
    const long = await visitor().post('/api/auth/register', { ...who, why: 'x'.repeat(SIGNUP_LIMITS.whyMax + 1) });
    expect(long).toMatchObject({ status: 400, body: { message: SignupMessages.whyTooLong, field: 'why' } });
    const asked = await visitor().post('/api/auth/register', { ...who, why: '  I run the photo club in Pokhara.  ' });
    expect(asked).toMatchObject({ status: 200, body: { message: SignupMessages.requested(who.email) } });

    const code = await lastCodeFor(t.dataDir, who.email);
    const browser = visitor();
    const verified = await browser.post('/api/auth/verify_email', { email: who.email, otp: code });
    expect(verified).toMatchObject({ status: 403, body: { message: SignupMessages.awaitingApproval } });
    expect(browser.cookies.size).toBe(0);
    expect((await accountOf(who.email))!.emailVerifiedAt).not.toBeNull();
    const early = await visitor().post('/api/auth/login', { email: who.email, password: who.password });
    expect(early).toMatchObject({ status: 403, body: { message: SignupMessages.awaitingApproval } });

    const queue = (await admin.http.get('/api/admin/signups/requests')).body.requests as SignupRequestDto[];
    const request = queue.find((r) => r.email === who.email);
    expect(request).toMatchObject({
      name: who.fullname,
      username: who.username,
      why: 'I run the photo club in Pokhara.',
      emailVerified: true,
      status: 'pending',
    });
    const approved = await admin.http.post(`/api/admin/signups/requests/${request!.id}`, { approve: true });
    expect(approved.body).toEqual({ success: true, message: SignupMessages.approved });
    const mail = (await outbox(t.dataDir)).filter((m) => m.to.includes(who.email)).at(-1);
    expect(mail?.subject).toBe('You can now sign in to Sajha');
    expect(mail?.raw).toContain(`${t.url}/signin`);
    const inside = await visitor().post('/api/auth/login', { email: who.email, password: who.password });
    expect(inside).toMatchObject({ status: 200, body: { success: true } });
    expect((await admin.http.get('/api/admin/signups/requests')).body.requests).not.toEqual(
      expect.arrayContaining([expect.objectContaining({ email: who.email })]),
    );
    const twice = await admin.http.post(`/api/admin/signups/requests/${request!.id}`, { approve: false });
    expect(twice).toMatchObject({ status: 404, body: { message: SignupMessages.requestGone } });
  });

  it('approval: a rejected request is told so at sign-in; an admin may still approve it later', async () => {
    await setMode('approval');
    const who = fresh();
    await visitor().post('/api/auth/register', { ...who, why: 'Curious.' });
    const account = await accountOf(who.email);
    const rejected = await admin.http.post(`/api/admin/signups/requests/${account!.id}`, { approve: false });
    expect(rejected.body).toEqual({ success: true, message: SignupMessages.rejectedDone });
    const code = await lastCodeFor(t.dataDir, who.email);
    const verify = await visitor().post('/api/auth/verify_email', { email: who.email, otp: code });
    expect(verify).toMatchObject({ status: 403, body: { message: SignupMessages.rejected } });
    const login = await visitor().post('/api/auth/login', { email: who.email, password: who.password });
    expect(login).toMatchObject({ status: 403, body: { message: SignupMessages.rejected } });
    const listed = (await admin.http.get('/api/admin/signups/requests?status=rejected')).body
      .requests as SignupRequestDto[];
    expect(listed.map((r) => r.email)).toContain(who.email);
    expect((await admin.http.post(`/api/admin/signups/requests/${account!.id}`, { approve: true })).status).toBe(200);
    expect((await visitor().post('/api/auth/login', { email: who.email, password: who.password })).status).toBe(200);
    const decisions = await t.db
      .select({ action: moderationLog.action })
      .from(moderationLog)
      .where(eq(moderationLog.targetMemberId, account!.id));
    expect(decisions.map((d) => d.action)).toEqual(expect.arrayContaining(['reject-signup', 'approve-signup']));
    // Members from before approval mode (no request) sign in as ever.
    expect((await visitor().post('/api/auth/login', { email: other.email, password: other.password })).status).toBe(
      200,
    );
  });

  it('at most five sign-ups per address per 30 minutes: the sixth is refused, saying when to try again', async () => {
    await setMode('open');
    const one = visitor();
    for (let i = 0; i < SIGNUP_LIMITS.signupsPerAddress; i++) {
      expect((await one.post('/api/auth/register', fresh())).status).toBe(200);
    }
    const who = fresh();
    const sixth = await one.post('/api/auth/register', who);
    expect(sixth).toMatchObject({ status: 429, body: { message: SignupMessages.tooManySignups(30) } });
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(29 * 60);
    expect(await accountOf(who.email)).toBeUndefined();
    // Another address is not held back.
    expect((await visitor().post('/api/auth/register', who)).status).toBe(200);
  });

  it('a deleted member’s invites go with the account; an invite they used no longer names them', async () => {
    await setMode('invite');
    const m = await signedIn();
    const code = ((await m.http.post('/api/invites', {})).body.invite as InviteDto).code;
    const fromAdmin = ((await admin.http.post('/api/invites', {})).body.invite as InviteDto).code;
    const joined = fresh();
    await visitor().post('/api/auth/register', { ...joined, invite: fromAdmin });
    const account = await accountOf(joined.email);
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, account!.id));
    for (const who of [m, { id: account!.id, password: joined.password }]) {
      const http = new HttpClient(t.url, nextIp());
      http.cookies.set('sajha_sid', (await sessionCookie(t.db, who.id)).split('=')[1]!);
      expect((await http.post('/api/account/delete', { password: who.password })).status).toBe(200);
    }
    await t.app.deps.jobs.idle('account.delete', 60_000);
    expect(await t.db.select().from(invites).where(eq(invites.code, code))).toHaveLength(0);
    const [used] = await t.db.select().from(invites).where(eq(invites.code, fromAdmin));
    expect(used).toMatchObject({ usedBy: null });
    expect(used!.usedAt).not.toBeNull();
  });
});

describe('the bot check (ALTCHA proof-of-work)', () => {
  beforeAll(async () => {
    await setMode('open');
  });

  it('hands out signed challenges, never cached, limited per address; the key is kept for every node', async () => {
    const ip = nextIp();
    const res = await fetch(`${t.url}/api/auth/challenge`, { headers: { 'x-forwarded-for': ip } });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const challenge = (await res.json()) as { parameters: Record<string, unknown>; signature: string };
    expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 20 });
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    const [kept] = await t.db.select().from(serverSettings).where(eq(serverSettings.key, 'altcha'));
    expect(kept).toBeDefined();
    let status = 200;
    for (let i = 0; i < 60 && status === 200; i++) {
      status = (await fetch(`${t.url}/api/auth/challenge`, { headers: { 'x-forwarded-for': ip } })).status;
    }
    expect(status).toBe(429);
  });

  it('sign-up without a solution, or with garbage or a forged one, is refused; a solved one is accepted once', async () => {
    const who = fresh();
    const missing = await visitor().post('/api/auth/register', { ...who, altcha: undefined });
    expect(missing).toMatchObject({ status: 400, body: { message: SignupMessages.botCheckMissing, field: 'altcha' } });
    const garbage = await visitor().post('/api/auth/register', { ...who, altcha: 'bm90IGEgc29sdXRpb24=' });
    expect(garbage).toMatchObject({ status: 400, body: { message: SignupMessages.botCheckFailed } });

    const solved = await solvedBotCheck(t.url, nextIp());
    const payload = JSON.parse(Buffer.from(solved, 'base64').toString()) as {
      challenge: { parameters: Record<string, unknown>; signature: string };
      solution: { counter: number; derivedKey: string };
    };
    const forge = (change: (p: typeof payload) => void) => {
      const copy = structuredClone(payload);
      change(copy);
      return Buffer.from(JSON.stringify(copy)).toString('base64');
    };
    for (const [what, forged] of [
      ['a wrong key', forge((p) => (p.solution.derivedKey = '00'.repeat(32)))],
      ['a cheaper challenge', forge((p) => (p.challenge.parameters.cost = 1))],
      ['no signature', forge((p) => (p.challenge.signature = ''))],
    ] as const) {
      const res = await visitor().post('/api/auth/register', { ...who, altcha: forged });
      expect(res.body.message, what).toBe(SignupMessages.botCheckFailed);
    }
    expect(await accountOf(who.email)).toBeUndefined();

    const accepted = await visitor().post('/api/auth/register', { ...who, altcha: solved });
    expect(accepted.status).toBe(200);
    expect(await accountOf(who.email)).toBeDefined();
    // Single use: the same solution again, on sign-up or any other request, is refused.
    const reused = await visitor().post('/api/auth/register', { ...fresh(), altcha: solved });
    expect(reused).toMatchObject({ status: 400, body: { message: SignupMessages.botCheckFailed } });
    const reusedElsewhere = await visitor().post('/api/auth/r_v_e', { email: who.email, altcha: solved });
    expect(reusedElsewhere.body.message).toBe(SignupMessages.botCheckFailed);
  });

  it('an expired solution is refused, saying so', async () => {
    const challenge = await issueChallenge(t.app.deps, -1000);
    const { solveChallenge } = await import('altcha-lib');
    const { deriveKey } = await import('altcha-lib/algorithms/pbkdf2');
    const solution = await solveChallenge({ challenge, deriveKey });
    const altcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    const res = await visitor().post('/api/auth/register', { ...fresh(), altcha });
    expect(res).toMatchObject({ status: 400, body: { message: SignupMessages.botCheckExpired, field: 'altcha' } });
  });

  it('resend-code and reset requests need a solution too, and accept a solved one', async () => {
    const email = `nobody.${Date.now()}@example.test`;
    for (const p of ['/api/auth/r_v_e', '/api/auth/request_password_reset']) {
      const missing = await visitor().post(p, { email, altcha: undefined });
      expect(missing, p).toMatchObject({ status: 400, body: { message: SignupMessages.botCheckMissing } });
      const garbage = await visitor().post(p, { email, altcha: 'x' });
      expect(garbage.body.message, p).toBe(SignupMessages.botCheckFailed);
    }
    // A refused check starts no cooldown: the solved request right after is answered as usual.
    const resent = await visitor().post('/api/auth/r_v_e', { email, altcha: await solvedBotCheck(t.url, nextIp()) });
    expect(resent).toMatchObject({ status: 200, body: { message: AuthText.codeResent(email) } });
    const reset = await visitor().post('/api/auth/request_password_reset', {
      email: member.email,
      altcha: await solvedBotCheck(t.url, nextIp()),
    });
    expect(reset).toMatchObject({ status: 200, body: { message: AuthText.resetRequested } });
    const link = (await outbox(t.dataDir)).filter((m) => m.to.includes(member.email)).at(-1);
    expect(link?.subject).toMatch(/Reset your Sajha password/);
  });

  it('with ALTCHA_ENABLED=false nothing is asked, and the sign-up form is told so', async () => {
    const off = await startTestApp({ ALTCHA_ENABLED: 'false' });
    try {
      const res = await new HttpClient(off.url).request('POST', '/api/auth/register', fresh());
      expect(res.status).toBe(200);
      expect((await new HttpClient(off.url).get('/api/config')).body.signup).toEqual({ mode: 'open', botCheck: false });
    } finally {
      await off.close();
    }
  });
});

describe('Google sign-in follows the sign-up mode', () => {
  const CLIENT_ID = 'sajha-signup.apps.googleusercontent.com';
  let g: TestApp;
  let jwks: Server;
  let key: CryptoKey;
  beforeAll(async () => {
    const pair = await generateKeyPair('RS256', { extractable: true });
    key = pair.privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k', alg: 'RS256', use: 'sig' };
    jwks = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((r) => jwks.listen(0, '127.0.0.1', r));
    const port = (jwks.address() as AddressInfo).port;
    g = await startTestApp({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/certs` });
  });
  afterAll(async () => {
    await g?.close();
    jwks?.close();
  });
  const google = async (sub: string, email: string) =>
    new HttpClient(g.url).post('/api/auth/google/auth-callback', {
      idToken: await new SignJWT({ email_verified: true, email, name: 'Google Person' })
        .setProtectedHeader({ alg: 'RS256', kid: 'k' })
        .setIssuer('https://accounts.google.com')
        .setAudience(CLIENT_ID)
        .setSubject(sub)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + 600)
        .sign(key),
    });

  it('makes a new account only while sign-ups are open and the domain is not blocked; members still get in', async () => {
    const member = await createUser(g.db);
    for (const [mode, message] of [
      ['closed', SignupMessages.closed],
      ['invite', SignupMessages.googleInviteOnly],
      ['approval', SignupMessages.googleApproval],
    ] as const) {
      await saveSignupSettings({ db: g.db }, { mode, blockedDomains: [] });
      const email = `new.${mode}@gmail.test`;
      expect(await google(`g-${mode}`, email), mode).toMatchObject({ status: 403, body: { message } });
      expect(await g.db.select().from(users).where(eq(users.email, email)), mode).toHaveLength(0);
    }
    // A member's own Google account still signs them in (it links to their account), whatever the mode.
    expect((await google('g-member', member.email)).status).toBe(200);

    await saveSignupSettings({ db: g.db }, { mode: 'open', blockedDomains: ['spam.example'] });
    expect((await google('g-spam', 'who@mail.spam.example')).body.message).toBe(SignupMessages.domainBlocked);
    expect((await google('g-open', 'fine@gmail.test')).status).toBe(200);
  });
});
