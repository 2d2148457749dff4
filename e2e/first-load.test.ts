/**
 * The first load of a visitor (issue 17): the landing page arrives pre-rendered in the HTML (it paints
 * before any script runs) and is hydrated, not drawn again; it prints nothing to the console (no 401 of
 * check-auth: the page says the visitor has no session), its scripts come compressed, and a member's
 * visit gets the plain app page, still asks the server and lands signed in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, sessionCookie } from '../apps/server/test/harness.js';
import type { Page } from 'playwright-core';
import { startE2E, type E2E } from './harness.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

/** Console errors and warnings and uncaught page errors of `page`, gathered as they happen. */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  return problems;
}

describe('first load', () => {
  it('a visitor gets the landing page with no console error and no auth check; scripts come compressed', async () => {
    const page = await e2e.newPage({ width: 390, height: 844 });
    const problems = consoleProblems(page);
    const asked: string[] = [];
    const scripts: (string | null)[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push(r.headers()['content-encoding'] ?? null);
    });
    await page.goto('/');
    await page.locator('#home').getByRole('link', { name: 'Join free' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    expect(asked).not.toContain('/api/auth/check-auth');
    expect(asked).not.toContain('/api/config'); // the landing's links come in the page
    expect(scripts.length).toBeGreaterThan(0);
    expect(new Set(scripts)).toEqual(new Set(['br']));
  });

  it("a visitor's '/' is in the HTML before any script runs, and the scripts take it over in place", async () => {
    // No JavaScript at all: what the server sent is the landing page itself.
    const context = await e2e.browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    try {
      const bare = await context.newPage();
      await bare.goto(`${e2e.baseUrl}/`);
      await expect
        .poll(() => bare.getByRole('heading', { level: 2, name: "Nepal's stories, shared." }).isVisible())
        .toBe(true);
      expect(await bare.locator('#faq').count()).toBe(1);
      // The external links are this server's settings, put into the pre-rendered page as it is sent.
      const config = (await fetch(`${e2e.baseUrl}/api/config`).then((r) => r.json())) as {
        contestUrl: string;
        sisterSiteUrl: string;
      };
      expect(await bare.getByRole('link', { name: /Sajha Studio/ }).getAttribute('href')).toBe(config.sisterSiteUrl);
      expect(await bare.getByRole('link', { name: /contest site/ }).getAttribute('href')).toBe(config.contestUrl);
    } finally {
      await context.close();
    }

    // With scripts: hydrated without a mismatch (React reports one as a console error), and its links
    // are the app's own: 'Sign in' changes the route without loading another document.
    const page = await e2e.newPage({ width: 390, height: 844 });
    const problems = consoleProblems(page);
    const documents: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documents.push(new URL(r.url()).pathname);
    });
    // Keep the elements the HTML parser made, at the top and below the fold (a lazily loaded part):
    // hydration adopts them, a fresh render would replace them.
    await page.addInitScript(() => {
      const seen = new MutationObserver(() => {
        const parsed = [document.getElementById('home-heading'), document.getElementById('faq')];
        if (parsed.some((element) => !element)) return;
        (window as unknown as { parsed: (Element | null)[] }).parsed = parsed;
        seen.disconnect();
      });
      seen.observe(document, { childList: true, subtree: true });
    });
    await page.goto('/');
    // The colour toggle is enabled only once the app has mounted (part 1 §1): hydration is done.
    await expect.poll(() => page.getByRole('button', { name: 'Switch to dark mode' }).isEnabled()).toBe(true);
    const kept = await page.evaluate(() =>
      (window as unknown as { parsed: Element[] }).parsed.map(
        (element) => element.isConnected && document.getElementById(element.id) === element,
      ),
    );
    expect(kept).toEqual([true, true]);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: 'Back to Home' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/signin');
    expect(documents).toEqual(['/']);
    expect(problems).toEqual([]);
  });

  it('only a visitor at / gets the pre-rendered page: other routes and members get the plain app page', async () => {
    const user = await createUser(e2e.db, { name: 'Ram Thapa' });
    const cookie = await sessionCookie(e2e.db, user.id, true);
    const page = (path: string, headers: Record<string, string> = {}) =>
      fetch(`${e2e.baseUrl}${path}`, { headers }).then((r) => r.text());
    expect(await page('/')).toContain('id="home-heading"');
    expect(await page('/?from=mail')).toContain('id="home-heading"');
    for (const html of [await page('/signin'), await page('/home'), await page('/', { cookie })]) {
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('id="home-heading"');
    }
  });

  it("an app page shows the app's loading spinner from its HTML until the app has rendered, then only the app", async () => {
    const page = await e2e.newPage({ width: 390, height: 844 });
    // The app's scripts held back: what shows is the page's own (a slow phone's first seconds).
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/signin');
    await expect.poll(() => page.getByRole('progressbar', { name: 'Loading' }).isVisible()).toBe(true);
    // The pre-rendered landing page has its own first paint: no spinner over it.
    await page.goto('/');
    await page.getByRole('heading', { level: 2, name: "Nepal's stories, shared." }).waitFor();
    expect(await page.locator('#app-shell').isVisible()).toBe(false);
    // With its scripts, the app replaces it: one page, no spinner left behind.
    await page.unroute('**/assets/*.js');
    await page.goto('/signin');
    await page.getByRole('link', { name: 'Back to Home' }).waitFor();
    expect(await page.locator('#app-shell').isVisible()).toBe(false);
    expect(await page.getByRole('progressbar').count()).toBe(0);
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
