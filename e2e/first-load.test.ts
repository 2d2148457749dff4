/**
 * The first load of a visitor (issue 17): the landing page prints nothing to the console (no 401 of
 * check-auth: the page says the visitor has no session), its scripts come compressed, and a member's
 * visit still asks the server and lands signed in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, sessionCookie } from '../apps/server/test/harness.js';
import { startE2E, type E2E } from './harness.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

describe('first load', () => {
  it('a visitor gets the landing page with no console error and no auth check; scripts come compressed', async () => {
    const page = await e2e.newPage({ width: 390, height: 844 });
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
    const asked: string[] = [];
    const scripts: (string | null)[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push(r.headers()['content-encoding'] ?? null);
    });
    await page.goto('/');
    await page.getByRole('link', { name: 'Join free' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    expect(asked).not.toContain('/api/auth/check-auth');
    expect(scripts.length).toBeGreaterThan(0);
    expect(new Set(scripts)).toEqual(new Set(['br']));
  });

  it('a member with a session cookie is checked and lands on the home feed', async () => {
    const user = await createUser(e2e.db, { name: 'Maya Shrestha' });
    const page = await e2e.newPage({ width: 390, height: 844 });
    const [name, value] = (await sessionCookie(e2e.db, user.id, true)).split('=');
    await page
      .context()
      .addCookies([{ name: name!, value: value!, url: e2e.baseUrl, httpOnly: true, sameSite: 'Lax' }]);
    const check = page.waitForResponse((r) => r.url().endsWith('/api/auth/check-auth'));
    await page.goto('/');
    expect((await check).status()).toBe(200);
    await page.waitForURL('**/home');
  });
});
