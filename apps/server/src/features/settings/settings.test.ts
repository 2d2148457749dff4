import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import sharp from 'sharp';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Events,
  Messages,
  SettingsText,
  type MessageDto,
  type ProfileForm,
  type SessionRow,
  type UpdateProfilePayload,
} from '@sajha/contract';
import { comments, files, messages, posts, sessions, socials, users } from '../../db/schema.js';
import {
  connectSocket,
  createUser,
  HttpClient,
  nextEvent,
  outbox,
  rawEmit,
  sessionCookie,
  startTestApp,
  type TestApp,
  type TestSocket,
  type TestUser,
} from '../../../test/harness.js';
import { png } from '../../../test/media.js';
import { resolveUsername } from '../../platform/usernames.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
const sockets: TestSocket[] = [];
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await t?.close();
});

interface Member extends TestUser {
  cookie: string;
  socket: TestSocket;
}

async function member(over: Partial<TestUser> = {}): Promise<Member> {
  const u = await createUser(t.db, { password: 'OldPass123', ...over });
  const cookie = await sessionCookie(t.db, u.id, true);
  const socket = await connectSocket(t.url, cookie);
  sockets.push(socket);
  return { ...u, cookie, socket };
}

async function openSocket(cookie: string): Promise<TestSocket> {
  const s = await connectSocket(t.url, cookie);
  sockets.push(s);
  return s;
}

type Outcome = { ok: true; message: string; profile: ProfileForm } | { ok: false; message: string };

/** update_profile, answered by profile_update_success + profile_data, or profile_update_error. */
async function update(
  m: { socket: TestSocket },
  payload: UpdateProfilePayload | Record<string, unknown>,
): Promise<Outcome> {
  const success = nextEvent<{ message: string }>(m.socket, Events.profileUpdateSuccess).then((v) => ({
    ok: true as const,
    v,
  }));
  const failure = nextEvent<{ message: string }>(m.socket, Events.profileUpdateError).then((v) => ({
    ok: false as const,
    v,
  }));
  success.catch(() => undefined);
  failure.catch(() => undefined);
  // profile_data follows the success at once: listen before emitting.
  const data = nextEvent<ProfileForm>(m.socket, Events.profileData);
  data.catch(() => undefined);
  rawEmit(m.socket, Events.updateProfile, payload);
  const first = await Promise.race([success, failure]);
  if (!first.ok) return { ok: false, message: first.v.message };
  return { ok: true, message: first.v.message, profile: await data };
}

async function getProfile(m: { socket: TestSocket }): Promise<ProfileForm> {
  const got = nextEvent<ProfileForm>(m.socket, Events.profileData);
  m.socket.emit(Events.getProfile, { type: 'account' });
  return got;
}

function client(m: { cookie: string }): HttpClient {
  const c = new HttpClient(t.url);
  const [k, v] = m.cookie.split('=');
  c.cookies.set(k!, v!);
  return c;
}

async function uploadAvatar(m: { cookie: string } | null, bytes: Buffer, type = 'image/png') {
  const form = new FormData();
  form.set('avatar', new Blob([new Uint8Array(bytes)], { type }), 'avatar');
  const res = await fetch(`${t.url}/api/settings/avatar`, {
    method: 'POST',
    body: form,
    headers: m ? { cookie: m.cookie } : {},
  });
  return {
    status: res.status,
    body: (await res.json()) as { success: boolean; message?: string; url?: string; smallUrl?: string },
  };
}

/**
 * Watches a socket for its disconnect from now on; `within(ms)` then allows that long from the moment
 * it is called (after the action's answer), so slow password hashing never counts against the socket.
 */
function disconnected(s: TestSocket): { within(ms?: number): Promise<string> } {
  const gone = new Promise<string>((resolve) => {
    if (s.disconnected) return resolve('already');
    s.once('disconnect', (reason) => resolve(reason));
  });
  return {
    within: (ms = 1000) =>
      Promise.race([
        gone,
        new Promise<string>((_, reject) =>
          setTimeout(() => reject(new Error(`socket still connected after ${ms} ms`)), ms),
        ),
      ]),
  };
}

describe('settings: requires sign-in', () => {
  it('refuses the socket and every HTTP call without a session', async () => {
    await expect(connectSocket(t.url)).rejects.toThrow(/unauthorized/);
    const anon = new HttpClient(t.url);
    for (const [method, p] of [
      ['GET', '/api/auth/sessions'],
      ['POST', '/api/auth/sessions/revoke-others'],
      ['DELETE', '/api/auth/sessions/00000000-0000-0000-0000-000000000000'],
      ['POST', '/api/auth/2fa/setup'],
      ['GET', '/api/account/export'],
      ['POST', '/api/account/delete'],
    ] as const) {
      const res = await anon.request(method, p, method === 'POST' ? {} : undefined);
      expect(res.status, `${method} ${p}`).toBe(401);
    }
    expect((await uploadAvatar(null, await png())).status).toBe(401);
  });
});

describe('get_profile and update_profile', () => {
  it('answers the profile form without secrets', async () => {
    const a = await member({ name: 'Asha Gurung' });
    const form = await getProfile(a);
    expect(form).toMatchObject({ name: 'Asha Gurung', username: a.username, email: a.email, twoFactorEnabled: false });
    expect(JSON.stringify(form)).not.toMatch(/argon2|passwordHash|totp/i);
  });

  it('account: changes name and username; the old name resolves for 30 days and stays reserved', async () => {
    const a = await member();
    const b = await member();
    const old = a.username;
    const fresh = `renamed_${Date.now().toString(36)}`;
    const got = await update(a, { type: 'account', updatedData: { name: 'Asha Renamed', username: fresh } });
    expect(got).toMatchObject({ ok: true, message: Messages.profile.updated });
    if (got.ok) expect(got.profile).toMatchObject({ name: 'Asha Renamed', username: fresh });
    expect((await resolveUsername(t.db, `@${old.toUpperCase()}`))?.id).toBe(a.id);
    expect((await resolveUsername(t.db, fresh))?.id).toBe(a.id);
    expect(await resolveUsername(t.db, 'nobody_here_at_all')).toBeNull();
    // Another member opening /u/@old lands on the renamed profile.
    const seen = nextEvent<{ uid: string; username: string }>(b.socket, Events.userProfile);
    b.socket.emit(Events.fetchProfile, { username: old });
    expect(await seen).toMatchObject({ uid: a.id, username: fresh });

    // Nobody else may take the old name meanwhile, by settings or by sign-up.
    expect(await update(b, { type: 'account', updatedData: { name: 'B', username: old } })).toEqual({
      ok: false,
      message: SettingsText.usernameTaken,
    });
    const signup = await new HttpClient(t.url).post('/api/auth/register', {
      fullname: 'Copycat',
      username: old,
      email: `copy_${Date.now()}@example.test`,
      password: 'whatever1',
    });
    expect(signup.status).toBe(409);
    expect(signup.body.field).toBe('username');

    // After 30 days the old name is free.
    await t.db.execute(
      `update username_history set changed_at = now() - interval '31 days' where user_id = '${a.id}'` as never,
    );
    expect(await resolveUsername(t.db, old)).toBeNull();
    expect(await update(b, { type: 'account', updatedData: { name: 'B', username: old } })).toMatchObject({ ok: true });
  });

  it('account: a duplicate username (any case) and a malformed one are refused', async () => {
    const a = await member();
    const b = await member();
    expect(
      await update(b, { type: 'account', updatedData: { name: 'B', username: a.username.toUpperCase() } }),
    ).toEqual({
      ok: false,
      message: SettingsText.usernameTaken,
    });
    expect(await update(b, { type: 'account', updatedData: { name: 'B', username: '12345' } })).toEqual({
      ok: false,
      message: Messages.signup.usernameDigitsOnly,
    });
    expect(await update(b, { type: 'account', updatedData: { name: '   ', username: b.username } })).toEqual({
      ok: false,
      message: Messages.signup.nameRequired,
    });
  });

  it('account: two members racing for one free username: one gets it, the other is told it is taken', async () => {
    // A few rounds: the race is lost inside the database only when both checks run before either write.
    for (let round = 0; round < 5; round++) {
      const [a, b] = await Promise.all([member(), member()]);
      const wanted = `race_${round}_${Date.now().toString(36)}`;
      const outcomes = await Promise.all(
        [a, b].map((m) => update(m, { type: 'account', updatedData: { name: 'Racer', username: wanted } })),
      );
      expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
      expect(outcomes.find((o) => !o.ok)).toEqual({ ok: false, message: SettingsText.usernameTaken });
      const winner = outcomes[0]!.ok ? a : b;
      expect((await resolveUsername(t.db, wanted))?.id).toBe(winner.id);
    }
  });

  it('personal: saves phone, location, bio and dob; an email sent along is ignored', async () => {
    const a = await member();
    const got = await update(a, {
      type: 'personal',
      updatedData: {
        email: 'hijack@example.test',
        phone: '+977 98-1234',
        location: 'Pokhara',
        bio: 'Trekker',
        dob: '1995/04/12',
      },
    });
    expect(got.ok).toBe(true);
    const [row] = await t.db.select().from(users).where(eq(users.id, a.id));
    expect(row).toMatchObject({
      email: a.email,
      phone: '+977 98-1234',
      location: 'Pokhara',
      bio: 'Trekker',
      dob: '1995/04/12',
    });
    expect(await update(a, { type: 'personal', updatedData: { dob: '12 April' } })).toEqual({
      ok: false,
      message: SettingsText.dobInvalid,
    });
    expect(await update(a, { type: 'personal', updatedData: { phone: 'call me' } })).toEqual({
      ok: false,
      message: SettingsText.phoneInvalid,
    });
  });

  it('social: adds and removes links; unknown platforms and non-http links are refused; status follows', async () => {
    const a = await member();
    const status0 = nextEvent<{ setsocials: boolean }>(a.socket, Events.profileStatus);
    a.socket.emit(Events.getProfileStatus);
    expect((await status0).setsocials).toBe(false);

    let got = await update(a, {
      type: 'social',
      updatedData: { socials: { github: 'asha-dev', website: 'https://asha.example/blog' } },
    });
    expect(got.ok && got.profile.socials).toEqual({ github: 'asha-dev', website: 'https://asha.example/blog' });
    got = await update(a, { type: 'social', updatedData: { socials: { github: 'asha-dev' } } });
    expect(got.ok && got.profile.socials).toEqual({ github: 'asha-dev' });
    expect(await t.db.select().from(socials).where(eq(socials.userId, a.id))).toHaveLength(1);
    // The public profile shows the link (a handle, which the page turns into a link per network).
    const profile = nextEvent<{ socials: unknown[] }>(a.socket, Events.userProfile);
    a.socket.emit(Events.fetchProfile, { username: a.username });
    expect((await profile).socials).toEqual([{ social_name: 'github', type: 'handle', value: 'asha-dev' }]);

    expect((await update(a, { type: 'social', updatedData: { socials: { myspace: 'asha' } } })).ok).toBe(false);
    expect(await update(a, { type: 'social', updatedData: { socials: { website: 'javascript:alert(1)' } } })).toEqual({
      ok: false,
      message: SettingsText.socialInvalid,
    });

    const status1 = nextEvent<{ setsocials: boolean }>(a.socket, Events.profileStatus);
    a.socket.emit(Events.getProfileStatus);
    expect((await status1).setsocials).toBe(true);
  });
});

describe('avatar', () => {
  it('re-encodes an upload into square 512 and 128 WebP files and sets it with profilePic', async () => {
    const a = await member();
    const up = await uploadAvatar(a, await png(300, 200));
    expect(up.status).toBe(200);
    expect(up.body.url).toMatch(/^\/media\/avatar\/[a-z0-9]+-512\.webp$/);
    for (const [url, size] of [
      [up.body.url!, 512],
      [up.body.smallUrl!, 128],
    ] as const) {
      const res = await fetch(t.url + url);
      expect(res.headers.get('content-type')).toBe('image/webp');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect([meta.width, meta.height, meta.exif]).toEqual([size, size, undefined]);
    }
    const userTab = nextEvent<{ avatar: string }>(a.socket, Events.currentUser);
    const got = await update(a, { type: 'profilePic', updatedData: { profilePic: up.body.url! } });
    expect(got.ok && got.profile.profilePic).toBe(up.body.url);
    expect((await userTab).avatar).toBe(up.body.url);

    // A second picture replaces the first, whose files are removed.
    const second = await uploadAvatar(a, await png(100, 100));
    await update(a, { type: 'profilePic', updatedData: { profilePic: second.body.url! } });
    expect((await fetch(t.url + up.body.url!)).status).toBe(404);
    const rows = await t.db.select().from(files).where(eq(files.ownerId, a.id));
    expect(rows.map((r) => r.storageKey).sort()).toEqual(
      [second.body.url!, second.body.smallUrl!].map((u) => u.replace('/media/', '')).sort(),
    );
  });

  it('keeps an animated GIF animated', async () => {
    const a = await member();
    const frames = await Promise.all(
      ['#f00', '#0f0', '#00f'].map((c) =>
        sharp({ create: { width: 64, height: 64, channels: 3, background: c } })
          .raw()
          .toBuffer(),
      ),
    );
    // A real 3-page GIF: a tall strip declared as pages of 64 px.
    const animated = await sharp(Buffer.concat(frames), {
      raw: { width: 64, height: 192, channels: 3, pageHeight: 64 } as never,
    })
      .gif({ loop: 0, delay: [100, 100, 100] })
      .toBuffer();
    expect((await sharp(animated, { animated: true }).metadata()).pages).toBe(3);
    const up = await uploadAvatar(a, animated, 'image/gif');
    expect(up.status).toBe(200);
    const res = await fetch(t.url + up.body.url!);
    const meta = await sharp(Buffer.from(await res.arrayBuffer()), { animated: true }).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.pages).toBe(3);
    expect([meta.width, meta.pageHeight]).toEqual([512, 512]);
  });

  it('refuses a non-image by its bytes, a 20 MB upload, and somebody else’s picture', async () => {
    const a = await member();
    const b = await member();
    const notImage = await uploadAvatar(a, Buffer.from('%PDF-1.4 not a picture at all'), 'image/png');
    expect(notImage).toEqual({ status: 400, body: { success: false, message: SettingsText.avatarNotImage } });
    const huge = await uploadAvatar(a, Buffer.alloc(20 * 1024 * 1024, 1), 'image/png');
    expect(huge.body.message).toBe(SettingsText.avatarTooLarge(8));
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe(SettingsText.avatarTooLarge(8));
    const theirs = await uploadAvatar(b, await png());
    expect(await update(a, { type: 'profilePic', updatedData: { profilePic: theirs.body.url! } })).toEqual({
      ok: false,
      message: SettingsText.avatarUnknown,
    });
    expect(await update(a, { type: 'profilePic', updatedData: { profilePic: 'https://evil.example/x.png' } })).toEqual({
      ok: false,
      message: SettingsText.avatarUnknown,
    });
    expect((await t.db.select({ n: count() }).from(files).where(eq(files.ownerId, a.id)))[0]?.n).toBe(0);
  });
});

describe('security: password change', () => {
  it('refuses a weak new password and a wrong old one', async () => {
    const a = await member();
    for (const weak of ['short1A', 'alllowercase1', 'ALLUPPER1', 'NoDigitsHere', 'Has space 1A', 'Symbols!1Aa']) {
      expect(await update(a, { type: 'security', updatedData: { oldPassword: a.password, password: weak } })).toEqual({
        ok: false,
        message: Messages.settings.newPasswordRule,
      });
    }
    expect(
      await update(a, { type: 'security', updatedData: { oldPassword: 'WrongOld1', password: 'NewPass123' } }),
    ).toEqual({
      ok: false,
      message: SettingsText.oldPasswordWrong,
    });
  });

  it('signs out every other session at once, keeps this one, and mails a notice', async () => {
    const a = await member();
    const otherCookie = await sessionCookie(t.db, a.id, true);
    const other = await openSocket(otherCookie);
    const otherGone = disconnected(other);
    const got = await update(a, { type: 'security', updatedData: { oldPassword: a.password, password: 'NewPass123' } });
    expect(got.ok).toBe(true);
    expect(await otherGone.within()).toBe('io server disconnect');
    await expect(connectSocket(t.url, otherCookie)).rejects.toThrow(/unauthorized/);
    expect(a.socket.connected).toBe(true);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, a.id))).toHaveLength(1);
    const login = await new HttpClient(t.url).post('/api/auth/login', { email: a.email, password: 'NewPass123' });
    expect(login.body.success).toBe(true);
    const mail = (await outbox(t.dataDir)).find(
      (m) => m.to.includes(a.email) && /password was changed/.test(m.subject),
    );
    expect(mail?.raw).toContain('every other device was signed out');
  });
});

describe('active sessions', () => {
  it('lists sessions with this device marked, signs out one, then all others, closing their sockets', async () => {
    const a = await member();
    const b = await member();
    const second = await sessionCookie(t.db, a.id, true);
    const third = await sessionCookie(t.db, a.id, true);
    const s2 = await openSocket(second);
    const s3 = await openSocket(third);
    const http = client(a);
    const list = (await http.get('/api/auth/sessions')).body.sessions as SessionRow[];
    expect(list).toHaveLength(3);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list[0]!.current).toBe(true);

    const http2 = client({ cookie: second });
    const mine = ((await http2.get('/api/auth/sessions')).body.sessions as SessionRow[]).find((s) => s.current)!;
    // Somebody else cannot sign out a's session.
    expect((await client(b).request('DELETE', `/api/auth/sessions/${mine.id}`)).status).toBe(404);

    const gone2 = disconnected(s2);
    expect((await http.request('DELETE', `/api/auth/sessions/${mine.id}`)).body).toMatchObject({ success: true });
    await gone2.within();
    expect(s3.connected).toBe(true);
    expect((await http2.get('/api/auth/sessions')).status).toBe(401);

    const gone3 = disconnected(s3);
    expect((await http.post('/api/auth/sessions/revoke-others')).body).toMatchObject({ success: true, count: 1 });
    await gone3.within();
    expect(a.socket.connected).toBe(true);
    expect((await http.get('/api/auth/sessions')).body.sessions).toHaveLength(1);
  });
});

describe('two-factor sign-in', () => {
  it('set-up, enable with a code, sign-in asks for the code, recovery codes work once, disable', async () => {
    const a = await member();
    const http = client(a);
    const setup = await http.post('/api/auth/2fa/setup');
    const secret = setup.body.secret as string;
    expect(setup.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Sajha:/);
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
    expect(
      (await http.post('/api/auth/2fa/enable', { code: '000000' === totp.generate() ? '111111' : '000000' })).status,
    ).toBe(400);
    const enabled = await http.post('/api/auth/2fa/enable', { code: totp.generate() });
    expect(enabled.body.success).toBe(true);
    const recovery = enabled.body.recoveryCodes as string[];
    expect(new Set(recovery).size).toBe(10);

    // Password sign-in now stops halfway.
    const browser = new HttpClient(t.url);
    const first = await browser.post('/api/auth/login', { email: a.email, password: a.password, rememberMe: true });
    expect(first.body).toEqual({ success: false, twoFactorRequired: true, message: SettingsText.twoFactorRequired });
    expect(browser.cookies.has('sajha_sid')).toBe(false);
    expect((await browser.post('/api/auth/login/2fa', { code: '123456' })).status).toBe(401);
    // The code used to enable is spent; the next step's code is accepted (within the drift window).
    const next = totp.generate({ timestamp: Date.now() + 30_000 });
    const done = await browser.post('/api/auth/login/2fa', { code: next });
    expect(done.body).toMatchObject({ success: true, user: { uid: a.id } });
    expect(browser.cookies.has('sajha_sid')).toBe(true);

    // A recovery code finishes one sign-in, once.
    const again = new HttpClient(t.url);
    await again.post('/api/auth/login', { email: a.email, password: a.password });
    expect((await again.post('/api/auth/login/2fa', { code: recovery[0]! })).body.success).toBe(true);
    const third = new HttpClient(t.url);
    await third.post('/api/auth/login', { email: a.email, password: a.password });
    expect((await third.post('/api/auth/login/2fa', { code: recovery[0]! })).status).toBe(401);
    // Without a challenge cookie there is nothing to finish.
    expect((await new HttpClient(t.url).post('/api/auth/login/2fa', { code: next })).status).toBe(401);

    expect((await http.post('/api/auth/2fa/disable', { password: 'wrong-one' })).status).toBe(400);
    expect((await http.post('/api/auth/2fa/disable', { password: a.password })).body.success).toBe(true);
    expect(
      (await new HttpClient(t.url).post('/api/auth/login', { email: a.email, password: a.password })).body.success,
    ).toBe(true);
  });
});

function unzip(buf: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buf, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const out = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

async function postWithImage(m: Member, content: string): Promise<string> {
  const form = new FormData();
  form.set('content', content);
  form.append('mediaFiles', new Blob([new Uint8Array(await png(40, 40))], { type: 'image/png' }), 'pic.png');
  const res = await fetch(`${t.url}/api/createPost`, { method: 'POST', body: form, headers: { cookie: m.cookie } });
  const body = (await res.json()) as { post: { post_id: string } };
  return body.post.post_id;
}

describe('data export and account deletion', () => {
  it('exports profile, posts, comments, sent messages and media as a zip with a manifest', async () => {
    const a = await member({ name: 'Export Me' });
    const b = await member();
    const postId = await postWithImage(a, 'Sunrise at Sarangkot');
    a.socket.emit(Events.addComment, { postId, comment: 'What a view' });
    await expect
      .poll(async () => (await t.db.select().from(comments).where(eq(comments.authorId, a.id))).length)
      .toBe(1);
    const ack = (await a.socket.emitWithAck(Events.sendMessage, { message: 'Namaste', to_uid: b.id })) as {
      ok: boolean;
      data: { id: string };
    };
    expect(ack.ok).toBe(true);
    // Edited, so what it said before is theirs too (issue 37).
    const edited = (await a.socket.emitWithAck(Events.editMessage, { mid: ack.data.id, message: 'Namaste B' })) as {
      ok: boolean;
    };
    expect(edited.ok).toBe(true);
    // One of B's messages A deleted for itself: which, and when, is A's too.
    const fromB = (await b.socket.emitWithAck(Events.sendMessage, { message: 'Hi A', to_uid: a.id })) as {
      data: { id: string };
    };
    const hidden = (await a.socket.emitWithAck(Events.deleteMessage, { mid: fromB.data.id, scope: 'me' })) as {
      ok: boolean;
    };
    expect(hidden.ok).toBe(true);
    await update(a, { type: 'social', updatedData: { socials: { github: 'exporter' } } });

    const res = await fetch(`${t.url}/api/account/export`, { headers: { cookie: a.cookie } });
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="sajha-export-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const entries = await unzip(Buffer.from(await res.arrayBuffer()));
    const json = (name: string) => JSON.parse(entries.get(name)!.toString('utf8')) as unknown;

    const manifest = json('manifest.json') as { member: { uid: string }; entries: { path: string; count?: number }[] };
    expect(manifest.member.uid).toBe(a.id);
    expect([...entries.keys()].sort()).toEqual(
      manifest.entries
        .map((e) => e.path)
        .concat('manifest.json')
        .sort(),
    );
    expect(manifest.entries.find((e) => e.path === 'posts.json')?.count).toBe(1);

    expect(json('profile.json')).toMatchObject({ name: 'Export Me', email: a.email, socials: { github: 'exporter' } });
    expect(json('posts.json')).toEqual([expect.objectContaining({ id: postId, content: 'Sunrise at Sarangkot' })]);
    expect(json('comments.json')).toEqual([
      expect.objectContaining({ on: 'post', subjectId: postId, content: 'What a view' }),
    ]);
    expect(json('messages.json')).toEqual([expect.objectContaining({ content: 'Namaste B' })]);
    expect(json('hidden_messages.json')).toEqual([expect.objectContaining({ messageId: fromB.data.id })]);
    expect(json('message_edits.json')).toEqual([
      expect.objectContaining({ messageId: ack.data.id, content: 'Namaste' }),
    ]);
    const media = [...entries.keys()].filter((k) => k.startsWith('media/'));
    expect(media).toHaveLength(1);
    expect((await sharp(entries.get(media[0]!)).metadata()).width).toBe(40);
    expect(JSON.stringify(json('profile.json'))).not.toMatch(/argon2/);
    expect(json('language.json')).toEqual({ locale: 'en', calendar: 'gregorian', digits: 'latn' });
  });

  it('deletion needs the password, removes the member’s rows and files, and leaves "Deleted user" on messages', async () => {
    const a = await member();
    const b = await member();
    const postId = await postWithImage(a, 'To be deleted');
    const up = await uploadAvatar(a, await png());
    await update(a, { type: 'profilePic', updatedData: { profilePic: up.body.url! } });
    const ack = (await a.socket.emitWithAck(Events.sendMessage, { message: 'Remember me', to_uid: b.id })) as {
      ok: boolean;
      data: { id: string };
    };
    const [sentRow] = await t.db.select({ chatId: messages.chatId }).from(messages).where(eq(messages.id, ack.data.id));
    const ownFiles = await t.db.select().from(files).where(eq(files.ownerId, a.id));
    expect(ownFiles).toHaveLength(3);

    const http = client(a);
    expect((await http.post('/api/account/delete', { password: 'not-it' })).status).toBe(400);
    const gone = disconnected(a.socket);
    expect((await http.post('/api/account/delete', { password: a.password })).body).toEqual({
      success: true,
      message: SettingsText.accountDeleted,
    });
    await gone.within();
    // The account closed at once; its data goes in a job (which survives a restart).
    await t.app.deps.jobs.idle('account.delete', 30_000);

    expect(await t.db.select().from(posts).where(eq(posts.id, postId))).toHaveLength(0);
    expect(await t.db.select().from(files).where(eq(files.ownerId, a.id))).toHaveLength(0);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, a.id))).toHaveLength(0);
    const stored = await readdir(path.join(t.dataDir, 'media'), { recursive: true });
    for (const f of ownFiles) expect(stored).not.toContain(f.storageKey);
    const [row] = await t.db.select().from(users).where(eq(users.id, a.id));
    expect(row).toMatchObject({ name: 'Deleted user', passwordHash: null, avatar: null, phone: '' });
    expect(row?.email).not.toBe(a.email);
    expect(await resolveUsername(t.db, a.username)).toBeNull();

    // The message stays in B's chat, from "Deleted user".
    expect(await t.db.select().from(messages).where(eq(messages.id, ack.data.id))).toHaveLength(1);
    const history = nextEvent<MessageDto[]>(b.socket, Events.chatMessages);
    b.socket.emit(Events.getMessages, sentRow!.chatId);
    const list = await history;
    expect(list.find((m) => m.id === ack.data.id)?.sender.name).toBe('Deleted user');
    // The old session cannot come back, and the address can sign up again.
    await expect(connectSocket(t.url, a.cookie)).rejects.toThrow(/unauthorized/);
    expect((await new HttpClient(t.url).post('/api/auth/login', { email: a.email, password: a.password })).status).toBe(
      401,
    );
  });
});
