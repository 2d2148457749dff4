import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '@sajha/contract';
import { users } from '../../db/schema.js';
import { createUser, HttpClient, startTestApp, type TestApp } from '../../../test/harness.js';

const CLIENT_ID = 'sajha-test.apps.googleusercontent.com';
const ISSUER = 'https://accounts.google.com';

describe('Google sign-in with a test-signed ID token', () => {
  let t: TestApp;
  let jwksServer: Server;
  let key: CryptoKey;
  let otherKey: CryptoKey;

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256', { extractable: true });
    key = pair.privateKey;
    // Another key that claims the same kid: its signatures must not verify.
    ({ privateKey: otherKey } = await generateKeyPair('RS256'));
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
    jwksServer = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((r) => jwksServer.listen(0, '127.0.0.1', r));
    const port = (jwksServer.address() as AddressInfo).port;
    t = await startTestApp({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/certs` });
  });
  afterAll(async () => {
    await t.close();
    jwksServer.close();
  });

  const token = (claims: Record<string, unknown>, opts: { aud?: string; exp?: number; signWith?: CryptoKey } = {}) =>
    new SignJWT({ email_verified: true, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer(ISSUER)
      .setAudience(opts.aud ?? CLIENT_ID)
      .setSubject(typeof claims.sub === 'string' ? claims.sub : 'google-sub-1')
      .setIssuedAt()
      .setExpirationTime(opts.exp ?? Math.floor(Date.now() / 1000) + 600)
      .sign(opts.signWith ?? key);

  it('publishes the client id so the web app shows the button', async () => {
    const res = await new HttpClient(t.url).get('/api/config');
    expect(res.body.googleClientId).toBe(CLIENT_ID);
  });

  it('creates an account with a free username for a new verified Google user and signs in', async () => {
    const c = new HttpClient(t.url);
    const res = await c.post('/api/auth/google/auth-callback', {
      idToken: await token({ sub: 'g-new', email: 'Maya.Rai@Gmail.test', name: 'Maya Rai' }),
    });
    expect(res).toMatchObject({ status: 200, body: { success: true, redirectUrl: '/home' } });
    const me = await c.get('/api/auth/check-auth');
    expect(me.body.user).toMatchObject({ name: 'Maya Rai', username: 'maya.rai' });
    // The same Google account signs in to the same member next time.
    const again = new HttpClient(t.url);
    await again.post('/api/auth/google/auth-callback', {
      idToken: await token({ sub: 'g-new', email: 'maya.rai@gmail.test', name: 'Maya Rai' }),
    });
    expect((await again.get('/api/auth/check-auth')).body.user).toMatchObject({ username: 'maya.rai' });
    expect(await t.db.select().from(users).where(eq(users.googleSub, 'g-new'))).toHaveLength(1);
  });

  it('links a verified Google email to an existing account', async () => {
    const u = await createUser(t.db, { email: 'existing@example.test', username: 'existing' });
    const c = new HttpClient(t.url);
    const res = await c.post('/api/auth/google/auth-callback', {
      idToken: await token({ sub: 'g-link', email: u.email }),
    });
    expect(res.status).toBe(200);
    expect((await c.get('/api/auth/check-auth')).body.user).toMatchObject({ uid: u.id });
  });

  it('refuses a wrong audience, an expired token, a bad signature and an unverified email', async () => {
    const bad = [
      await token({ sub: 'g-x', email: 'x@example.test' }, { aud: 'someone-else.apps.googleusercontent.com' }),
      await token({ sub: 'g-x', email: 'x@example.test' }, { exp: Math.floor(Date.now() / 1000) - 600 }),
      await token({ sub: 'g-x', email: 'x@example.test' }, { signWith: otherKey }),
      'not.a.jwt-at-all',
    ];
    for (const idToken of bad) {
      const c = new HttpClient(t.url);
      const res = await c.post('/api/auth/google/auth-callback', { idToken });
      expect(res).toMatchObject({ status: 401, body: { success: false, message: Messages.signin.googleFailed } });
      expect(c.cookies.size).toBe(0);
    }
    const unverified = await new HttpClient(t.url).post('/api/auth/google/auth-callback', {
      idToken: await token({ sub: 'g-unv', email: 'unv@example.test', email_verified: false }),
    });
    expect(unverified.status).toBe(401);
    expect(await t.db.select().from(users).where(eq(users.email, 'x@example.test'))).toHaveLength(0);
  });

  it('a member with two-factor sign-in on still has to give the code after Google', async () => {
    const u = await createUser(t.db, { email: 'two.factor@gmail.test' });
    await t.db.update(users).set({ totpSecret: 'JBSWY3DPEHPK3PXP' }).where(eq(users.id, u.id));
    const c = new HttpClient(t.url);
    const res = await c.post('/api/auth/google/auth-callback', {
      idToken: await token({ sub: 'g-2fa', email: 'two.factor@gmail.test' }),
    });
    expect(res.body).toMatchObject({ success: false, twoFactorRequired: true });
    expect(c.cookies.has('sajha_sid')).toBe(false);
    expect((await c.get('/api/auth/check-auth')).status).toBe(401);
  });
});
