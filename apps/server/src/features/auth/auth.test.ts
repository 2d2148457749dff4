import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { Events, Messages, SettingsText } from '@sajha/contract';
import { emailCodes, passwordResets, sessions, users } from '../../db/schema.js';
import {
  connectSocket,
  createUser,
  HttpClient,
  lastCodeFor,
  nextEvent,
  outbox,
  startTestApp,
  type TestApp,
} from '../../../test/harness.js';
import { AuthText } from './service.js';

const DAY = 24 * 60 * 60 * 1000;

describe('accounts over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await t.close();
  });
  let ips = 0;
  const client = () => {
    ips += 1;
    return new HttpClient(t.url, `198.51.100.${ips % 250}`);
  };
  let n = 0;
  const fresh = () => {
    n += 1;
    return {
      fullname: 'Sita Sharma',
      username: `sita_${n}_${Date.now() % 100000}`,
      email: `sita${n}.${Date.now()}@example.test`,
      password: 'kathmandu7',
    };
  };

  it('requires sign-in: check-auth without a session is refused', async () => {
    const res = await client().get('/api/auth/check-auth');
    expect(res.status).toBe(401);
    expect(res.body.success).toBe(false);
  });

  it('signs up with a mailed code, verifies, and is signed in on HTTP and both sockets', async () => {
    const c = client();
    const who = fresh();
    const reg = await c.post('/api/auth/register', who);
    expect(reg.status).toBe(200);
    expect(reg.body).toMatchObject({ success: true, message: AuthText.registered(who.email) });
    expect(c.cookies.size).toBe(0);

    const code = await lastCodeFor(t.dataDir, who.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await c.post('/api/auth/verify_email', { email: who.email, otp: wrong });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(AuthText.codeWrong);

    const ok = await c.post('/api/auth/verify_email', { email: who.email.toUpperCase(), otp: code });
    expect(ok.status).toBe(200);
    expect(ok.body.user).toMatchObject({ name: 'Sita Sharma', username: who.username, avatar: null });
    const cookie = c.lastSetCookie.find((s) => s.startsWith('sajha_sid='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    const me = await c.get('/api/auth/check-auth');
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ username: who.username });
    const s = await connectSocket(t.url, c.cookieHeader);
    const got = nextEvent<{ username: string }>(s, Events.currentUser);
    s.emit(Events.getCurrentUser);
    expect((await got).username).toBe(who.username);
    s.close();
    const call = await connectSocket(t.url, c.cookieHeader, '/realcall');
    call.close();

    // The code is single use.
    const again = await client().post('/api/auth/verify_email', { email: who.email, otp: code });
    expect(again.body.message).toBe(AuthText.alreadyVerified);
  });

  it('validates sign-up on the server with the spec messages, field by field', async () => {
    const base = fresh();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base, fullname: '  ' }, 'name', Messages.signup.nameRequired],
      [{ ...base, username: '' }, 'username', Messages.signup.usernameRequired],
      [{ ...base, username: '12345' }, 'username', Messages.signup.usernameDigitsOnly],
      [{ ...base, email: 'not-an-email' }, 'email', Messages.signup.invalidEmail],
      [{ ...base, password: '12345' }, 'password', Messages.signup.passwordTooShort],
    ];
    for (const [body, field, message] of cases) {
      const res = await client().post('/api/auth/register', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ success: false, field, message });
    }
    const junk = await client().post('/api/auth/register', 'just a string');
    expect(junk.status).toBe(400);
  });

  it('keeps email and username unique regardless of case, answering a taken email like a new one', async () => {
    const who = fresh();
    expect((await client().post('/api/auth/register', who)).status).toBe(200);
    const again = { ...fresh(), email: who.email.toUpperCase() };
    const sameEmail = await client().post('/api/auth/register', again);
    // No account discovery: the answer of a brand-new address, and still one account for it.
    expect(sameEmail).toMatchObject({ status: 200, body: { success: true, message: AuthText.registered(who.email) } });
    expect(await t.db.select().from(users).where(eq(users.email, who.email))).toHaveLength(1);
    expect(await t.db.select().from(users).where(eq(users.username, again.username))).toHaveLength(0);
    const sameName = await client().post('/api/auth/register', { ...fresh(), username: who.username.toUpperCase() });
    expect(sameName).toMatchObject({ status: 409, body: { field: 'username', message: AuthText.usernameTaken } });
  });

  it('tells the owner of a taken address by mail, and nobody else', async () => {
    const u = await createUser(t.db);
    const before = (await outbox(t.dataDir)).filter((m) => m.to.includes(u.email)).length;
    const newcomer = fresh();
    const taken = await client().post('/api/auth/register', { ...fresh(), email: u.email });
    const fresher = await client().post('/api/auth/register', newcomer);
    expect(taken.status).toBe(fresher.status);
    expect(taken.body.message).toBe(AuthText.registered(u.email));
    const mails = (await outbox(t.dataDir)).filter((m) => m.to.includes(u.email));
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.subject).toMatch(/Someone tried to sign up/);
    expect(mails.at(-1)!.raw).toContain(`${t.config.publicUrl}/signin`);
    // A second try within the cooldown answers the same and mails the owner nothing more.
    const twice = await client().post('/api/auth/register', { ...fresh(), email: u.email });
    expect(twice.body).toEqual(taken.body);
    expect((await outbox(t.dataDir)).filter((m) => m.to.includes(u.email))).toHaveLength(before + 1);
  });

  it('answers a new code request and a wrong code alike for no account, a pending one and a verified one', async () => {
    const pending = fresh();
    await client().post('/api/auth/register', pending);
    const verified = await createUser(t.db);
    const emails = [`nobody.${Date.now()}@example.test`, pending.email, verified.email];
    // The sign-up started the pending address's cooldown; end it so all three start alike.
    await t.app.deps.limiters.reset('codeRequestPerEmail', pending.email);
    const strip = (r: { status: number; body: Record<string, unknown> }, email: string) => ({
      status: r.status,
      message: String(r.body.message)
        .replace(email, '<email>')
        .replace(/\d+ seconds/, 'N seconds'),
    });
    const answers = async (p: string, body: (email: string) => unknown) =>
      Promise.all(emails.map(async (e) => strip(await client().post(p, body(e)), e)));
    const first = await answers('/api/auth/r_v_e', (email) => ({ email }));
    expect(first[0]).toEqual({ status: 200, message: AuthText.codeResent('<email>') });
    expect(new Set(first.map((a) => JSON.stringify(a))).size).toBe(1);
    const second = await answers('/api/auth/r_v_e', (email) => ({ email }));
    expect(second[0]!.status).toBe(429);
    expect(new Set(second.map((a) => JSON.stringify(a))).size).toBe(1);
    for (let i = 0; i < 6; i++) {
      const wrong = await answers('/api/auth/verify_email', (email) => ({ email, otp: '000000' }));
      expect(new Set(wrong.map((a) => JSON.stringify(a))).size, JSON.stringify(wrong)).toBe(1);
    }
    // Only the owners' mailboxes heard of it: a code for the pending account, a notice for the verified.
    const mails = await outbox(t.dataDir);
    expect(mails.some((m) => m.to.includes(emails[0]!))).toBe(false);
    expect(mails.filter((m) => m.to.includes(verified.email)).at(-1)!.subject).toMatch(/Someone tried to sign up/);
    expect(mails.filter((m) => m.to.includes(pending.email)).at(-1)!.subject).toMatch(
      /is your Sajha verification code/,
    );
  });

  it('creates an account only together with its queued code mail, so a failed sign-up can simply be retried', async () => {
    const who = fresh();
    const sql = (q: string) => t.app.deps.database.executeSql(q);
    await sql(`CREATE OR REPLACE FUNCTION public.test_refuse_jobs() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'job queue unavailable'; END $$`);
    await sql(
      'CREATE TRIGGER test_refuse_jobs BEFORE INSERT ON pgboss.job FOR EACH ROW EXECUTE FUNCTION public.test_refuse_jobs()',
    );
    let failed;
    try {
      failed = await client().post('/api/auth/register', who);
    } finally {
      await sql('DROP TRIGGER test_refuse_jobs ON pgboss.job');
    }
    expect(failed.status).toBe(500);
    expect(await t.db.select().from(users).where(eq(users.email, who.email))).toHaveLength(0);
    const retried = await client().post('/api/auth/register', who);
    expect(retried).toMatchObject({ status: 200, body: { message: AuthText.registered(who.email) } });
    const code = await lastCodeFor(t.dataDir, who.email);
    expect((await client().post('/api/auth/verify_email', { email: who.email, otp: code })).status).toBe(200);
  });

  it('signs up while the mail outbox is unwritable: the queued mail retries until it lands, and a new code can be asked for', async () => {
    const who = fresh();
    const outboxDir = path.join(t.dataDir, 'outbox');
    await mkdir(outboxDir, { recursive: true });
    const saved = await readdir(outboxDir);
    await rename(outboxDir, `${outboxDir}.saved`);
    await writeFile(outboxDir, 'not a directory'); // every write into the outbox now fails
    const retrying = async () =>
      (
        (
          await t.app.deps.database.executeSql(
            "SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail.send' AND retry_count > 0 AND state IN ('retry', 'created', 'active')",
          )
        ).rows as { n: number }[]
      )[0]!.n;
    let reg;
    try {
      reg = await client().post('/api/auth/register', who);
      expect(reg.status).toBe(200);
      expect(await t.db.select().from(users).where(eq(users.email, who.email))).toHaveLength(1);
      // The mail was tried, failed, and waits for its retry.
      await expect.poll(retrying, { timeout: 20_000 }).toBeGreaterThan(0);
    } finally {
      await rm(outboxDir, { force: true });
      await rename(`${outboxDir}.saved`, outboxDir);
    }
    expect((await readdir(outboxDir)).length).toBe(saved.length);
    const code = await lastCodeFor(t.dataDir, who.email); // the retry delivered it
    // And the member may ask for another once the cooldown is over.
    await t.app.deps.limiters.reset('codeRequestPerEmail', who.email);
    expect((await client().post('/api/auth/r_v_e', { email: who.email })).status).toBe(200);
    const second = await lastCodeFor(t.dataDir, who.email);
    expect(second).toMatch(/^\d{6}$/);
    expect((await client().post('/api/auth/verify_email', { email: who.email, otp: code })).body.message).toBe(
      code === second ? AuthText.verified : AuthText.codeWrong,
    );
  });

  it('signs in with remember me for 30 days, or for the browser session only', async () => {
    const u = await createUser(t.db);
    const wrong = await client().post('/api/auth/login', {
      email: u.email,
      password: 'wrong-password',
      rememberMe: true,
    });
    expect(wrong).toMatchObject({ status: 401, body: { success: false, message: AuthText.badCredentials } });
    const unknown = await client().post('/api/auth/login', { email: 'nobody@example.test', password: 'whatever1' });
    expect(unknown.body.message).toBe(AuthText.badCredentials);

    const long = client();
    const ok = await long.post('/api/auth/login', { email: u.email, password: u.password, rememberMe: true });
    expect(ok.status).toBe(200);
    const cookie = long.lastSetCookie.find((s) => s.startsWith('sajha_sid='))!;
    const expires = new Date(/Expires=([^;]+)/i.exec(cookie)![1]!).getTime();
    expect(Math.abs(expires - Date.now() - 30 * DAY)).toBeLessThan(60_000);

    const short = client();
    await short.post('/api/auth/login', { email: u.email, password: u.password, rememberMe: false });
    const shortCookie = short.lastSetCookie.find((s) => s.startsWith('sajha_sid='))!;
    expect(shortCookie).not.toMatch(/Expires|Max-Age/i);
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, u.id));
    const spans = rows.map((r) => r.expiresAt.getTime() - Date.now()).sort((a, b) => a - b);
    expect(spans[0]).toBeLessThan(DAY);
    expect(spans[1]).toBeGreaterThan(29 * DAY);
  });

  it('answers an unverified account with an = "ve" and mails a fresh code', async () => {
    const who = fresh();
    await client().post('/api/auth/register', who);
    await t.db.update(emailCodes).set({ createdAt: new Date(Date.now() - 10 * 60_000) });
    const before = (await outbox(t.dataDir)).length;
    const res = await client().post('/api/auth/login', { email: who.email, password: who.password, rememberMe: false });
    expect(res).toMatchObject({ status: 403, body: { success: false, an: 've' } });
    expect((await outbox(t.dataDir)).length).toBe(before + 1);
    const code = await lastCodeFor(t.dataDir, who.email);
    expect((await client().post('/api/auth/verify_email', { email: who.email, otp: code })).status).toBe(200);
  });

  it('enforces the 120 s resend cooldown on the server', async () => {
    const who = fresh();
    await client().post('/api/auth/register', who);
    const res = await client().post('/api/auth/r_v_e', { email: who.email });
    expect(res.status).toBe(429);
    expect(res.body.message).toMatch(/Please wait 1\d\d seconds/);
    await t.db.update(emailCodes).set({ createdAt: new Date(Date.now() - 121_000) });
    await t.app.deps.limiters.reset('codeRequestPerEmail', who.email); // the per-address cooldown ran out
    const later = await client().post('/api/auth/r_v_e', { email: who.email });
    expect(later).toMatchObject({ status: 200, body: { success: true } });
  });

  it('locks a code after five wrong tries, even for the right code', async () => {
    const who = fresh();
    await client().post('/api/auth/register', who);
    const code = await lastCodeFor(t.dataDir, who.email);
    const wrong = code === '999999' ? '888888' : '999999';
    const answers: string[] = [];
    for (let i = 0; i < 5; i++)
      answers.push(
        String((await client().post('/api/auth/verify_email', { email: who.email, otp: wrong })).body.message),
      );
    expect(answers.at(-1)).toBe(AuthText.codeLocked);
    const right = await client().post('/api/auth/verify_email', { email: who.email, otp: code });
    expect(right).toMatchObject({ status: 429, body: { message: AuthText.codeLocked } });
  });

  it('expires codes', async () => {
    const who = fresh();
    await client().post('/api/auth/register', who);
    const code = await lastCodeFor(t.dataDir, who.email);
    await t.db.update(emailCodes).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await client().post('/api/auth/verify_email', { email: who.email, otp: code });
    expect(res.body.message).toBe(AuthText.codeExpired);
  });

  it('resets a password through the mailed single-use link and ends other sessions', async () => {
    const u = await createUser(t.db);
    const other = client();
    await other.post('/api/auth/login', { email: u.email, password: u.password, rememberMe: true });
    const openSocket = await connectSocket(t.url, other.cookieHeader);

    const none = await client().post('/api/auth/request_password_reset', { email: 'ghost@example.test' });
    const some = await client().post('/api/auth/request_password_reset', { email: u.email });
    expect(none.body).toEqual(some.body); // no account discovery
    expect((await outbox(t.dataDir)).some((m) => m.to.includes('ghost@'))).toBe(false);
    const mail = (await outbox(t.dataDir)).filter((m) => m.to.includes(u.email)).at(-1)!;
    const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.raw)![1]!;
    expect(mail.raw).toContain(`${t.config.publicUrl}/reset-password/${token}`);

    const wrongEmail = await client().post('/api/auth/reset_password', {
      token,
      email: 'else@example.test',
      newPassword: 'brandnew1',
    });
    expect(wrongEmail).toMatchObject({ status: 400, body: { message: AuthText.resetInvalid } });
    const disconnected = new Promise((r) => openSocket.once('disconnect', r));
    const ok = await client().post('/api/auth/reset_password', { token, email: u.email, newPassword: 'brandnew1' });
    expect(ok).toMatchObject({ status: 200, body: { success: true } });
    const reused = await client().post('/api/auth/reset_password', { token, email: u.email, newPassword: 'another22' });
    expect(reused.status).toBe(400);

    expect((await other.get('/api/auth/check-auth')).status).toBe(401);
    await expect(connectSocket(t.url, other.cookieHeader)).rejects.toThrow(/unauthorized/);
    await disconnected; // the reset ended that session, and its open socket with it
    expect(openSocket.connected).toBe(false);
    openSocket.close();
    expect((await client().post('/api/auth/login', { email: u.email, password: u.password })).status).toBe(401);
    expect((await client().post('/api/auth/login', { email: u.email, password: 'brandnew1' })).status).toBe(200);
  });

  it('refuses an expired reset link', async () => {
    const u = await createUser(t.db);
    await client().post('/api/auth/request_password_reset', { email: u.email });
    const mail = (await outbox(t.dataDir)).filter((m) => m.to.includes(u.email)).at(-1)!;
    const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.raw)![1]!;
    await t.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, u.id));
    const res = await client().post('/api/auth/reset_password', { token, email: u.email, newPassword: 'brandnew1' });
    expect(res).toMatchObject({ status: 400, body: { message: AuthText.resetInvalid } });
  });

  it('signs out: the cookie of a deleted session is refused by HTTP and by both sockets', async () => {
    const u = await createUser(t.db);
    const c = client();
    await c.post('/api/auth/login', { email: u.email, password: u.password, rememberMe: true });
    const stolen = c.cookieHeader;
    const live = await connectSocket(t.url, stolen);
    const closed = new Promise((r) => live.once('disconnect', r));
    expect((await c.post('/api/auth/logout')).status).toBe(200);
    await closed; // the signed-out tab's socket is closed by the server
    const replay = new HttpClient(t.url);
    replay.cookies.set('sajha_sid', stolen.split('=')[1]!);
    expect((await replay.get('/api/auth/check-auth')).status).toBe(401);
    await expect(connectSocket(t.url, stolen)).rejects.toThrow(/unauthorized/);
    await expect(connectSocket(t.url, stolen, '/realcall')).rejects.toThrow(/unauthorized/);
  });

  it('stores only argon2id hashes of passwords and sha256 of tokens', async () => {
    const who = fresh();
    await client().post('/api/auth/register', who);
    const [row] = await t.db.select().from(users).where(eq(users.email, who.email));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain(who.password);
    const code = await lastCodeFor(t.dataDir, who.email);
    const [c] = await t.db.select().from(emailCodes).where(eq(emailCodes.userId, row!.id));
    expect(c!.codeHash).not.toContain(code);
    expect(c!.codeHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('slows failed sign-ins per account and address; a stranger elsewhere cannot lock the owner out', async () => {
    const u = await createUser(t.db);
    const stranger = new HttpClient(t.url, '192.0.2.66');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await stranger.post('/api/auth/login', { email: u.email, password: `wrong-${i}xx` })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401]);
    // The sixth failure started a wait: even the right password from that address must wait it out.
    const waiting = await stranger.post('/api/auth/login', { email: u.email, password: u.password });
    expect(waiting).toMatchObject({ status: 429, body: { message: Messages.server.rateLimited } });
    expect(Number(waiting.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // The same stranger from a second address: 11 failures on the account in all.
    const second = new HttpClient(t.url, '192.0.2.68');
    for (let i = 0; i < 5; i++)
      expect((await second.post('/api/auth/login', { email: u.email, password: `again-${i}xx` })).status).toBe(401);
    // The owner, from another address, signs in at once; before this change the account was locked.
    const owner = new HttpClient(t.url, '192.0.2.67');
    expect((await owner.post('/api/auth/login', { email: u.email, password: u.password })).status).toBe(200);
  });

  it('doubles the wait with each failure past the free ones, up to 15 minutes', async () => {
    const waits: number[] = [];
    for (let i = 0; i < 16; i++) waits.push(await t.app.deps.limiters.backoffFail('loginBackoff', 'x@y.test|1.2.3.4'));
    expect(waits).toEqual([0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900]);
    await t.app.deps.limiters.backoffReset('loginBackoff', 'x@y.test|1.2.3.4');
    expect(await t.app.deps.limiters.backoffFail('loginBackoff', 'x@y.test|1.2.3.4')).toBe(0);
  });

  it('caps failures per account from unknown browsers, while the owner on a known browser still signs in', async () => {
    const u = await createUser(t.db);
    const device = new HttpClient(t.url, '192.0.2.90');
    expect((await device.post('/api/auth/login', { email: u.email, password: u.password })).status).toBe(200);
    expect(device.cookies.has('sajha_did')).toBe(true);
    await device.post('/api/auth/logout');
    for (let i = 0; i < 50; i++)
      expect((await client().post('/api/auth/login', { email: u.email, password: `guess-${i}xx` })).status).toBe(401);
    const fromNowhere = await client().post('/api/auth/login', { email: u.email, password: u.password });
    expect(fromNowhere.status).toBe(429);
    expect(Number(fromNowhere.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await device.post('/api/auth/login', { email: u.email, password: u.password })).status).toBe(200);
  });

  it('rate-limits sign-in attempts per IP across accounts', async () => {
    const sameIp = () => new HttpClient(t.url, '203.0.113.9');
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push(
        (await sameIp().post('/api/auth/login', { email: `nobody${i}@example.test`, password: 'whatever1' })).status,
      );
    expect(statuses.filter((s) => s === 401)).toHaveLength(30);
    expect(statuses[30]).toBe(429);
    expect(
      (await client().post('/api/auth/login', { email: 'nobody@example.test', password: 'whatever1' })).status,
    ).toBe(401);
  });

  /** A member with two-factor sign-in on (its secret set straight in the database), and its code maker. */
  const twoFactorMember = async () => {
    const user = await createUser(t.db);
    const secret = new Secret({ size: 20 }).base32;
    await t.db.update(users).set({ totpSecret: secret }).where(eq(users.id, user.id));
    return { user, totp: new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }) };
  };
  /** A code that is wrong right now (not the current step's, nor either neighbour's). */
  const wrongCode = (totp: TOTP) => {
    for (let n = 0; ; n++) {
      const code = String(n).padStart(6, '0');
      if (totp.validate({ token: code, window: 1 }) === null) return code;
    }
  };
  const passwordStep = async (c: HttpClient, user: { email: string; password: string }) => {
    const first = await c.post('/api/auth/login', { email: user.email, password: user.password });
    expect(first.body).toMatchObject({ twoFactorRequired: true });
  };

  it('checks at most five codes on one two-factor challenge, even when they arrive all at once', async () => {
    const { user, totp } = await twoFactorMember();
    const browser = new HttpClient(t.url, '198.18.0.1');
    await passwordStep(browser, user);
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => browser.post('/api/auth/login/2fa', { code: wrongCode(totp) })),
    );
    const checked = answers.filter((a) => a.body.message === SettingsText.twoFactorCodeWrong);
    expect(checked).toHaveLength(5);
    for (const a of answers.filter((x) => !checked.includes(x)))
      expect(a).toMatchObject({ status: 401, body: { message: SettingsText.twoFactorExpired } });
    // The spent challenge takes not even the right code.
    const right = await browser.post('/api/auth/login/2fa', { code: totp.generate() });
    expect(right).toMatchObject({ status: 401, body: { message: SettingsText.twoFactorExpired } });
  });

  it('limits two-factor guesses per account across sign-ins from many addresses; the owner gets in after the window', async () => {
    const { user, totp } = await twoFactorMember();
    const answers = [];
    for (let i = 1; i <= 12; i++) {
      const stranger = new HttpClient(t.url, `198.18.1.${i}`);
      await passwordStep(stranger, user);
      for (let j = 0; j < 5; j++) answers.push(await stranger.post('/api/auth/login/2fa', { code: wrongCode(totp) }));
    }
    expect(answers.filter((a) => a.body.message === SettingsText.twoFactorCodeWrong)).toHaveLength(10);
    for (const a of answers.slice(10))
      expect(a).toMatchObject({ status: 429, body: { message: SettingsText.twoFactorTooManyCodes } });

    // Within the window even the right code is not checked (it would be one more guess).
    const owner = new HttpClient(t.url, '198.18.2.1');
    await passwordStep(owner, user);
    const waiting = await owner.post('/api/auth/login/2fa', { code: totp.generate() });
    expect(waiting).toMatchObject({ status: 429, body: { message: SettingsText.twoFactorTooManyCodes } });
    expect(Number(waiting.headers.get('retry-after'))).toBeGreaterThan(60);
    // The window is over (15 minutes, stood in for by a reset): the owner's right code signs in.
    await t.app.deps.limiters.reset('twoFactorGuessPerAccount', user.id);
    const done = await owner.post('/api/auth/login/2fa', { code: totp.generate() });
    expect(done).toMatchObject({ status: 200, body: { success: true, user: { uid: user.id } } });
  });

  it('two sign-ups racing for one username: one account, the other told the name is taken', async () => {
    const username = `race_${Date.now() % 1_000_000}`;
    const answers = await Promise.all(
      [1, 2].map((i) =>
        client().post('/api/auth/register', { ...fresh(), username, email: `race${i}.${Date.now()}@example.test` }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body).toMatchObject({
      message: AuthText.usernameTaken,
      field: 'username',
    });
  });

  it('refuses state-changing requests from a foreign Origin', async () => {
    const u = await createUser(t.db);
    const res = await client().post(
      '/api/auth/login',
      { email: u.email, password: u.password },
      { origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
    const same = await client().post('/api/auth/login', { email: u.email, password: u.password }, { origin: t.url });
    expect(same.status).toBe(200);
  });
});
