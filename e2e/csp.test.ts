/**
 * The Content-Security-Policy in a real browser: every main screen (landing, home feed, chat, a call
 * with camera and microphone, settings, the offline page) loads under it without a single violation,
 * and an injected inline script or handler is refused, so the policy is really in force.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createUser, sessionCookie, type TestUser } from '../apps/server/test/harness.js';
import { startE2E, type E2E } from './harness.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E({ media: true });
});
afterAll(async () => {
  await e2e?.close();
});

interface Watched {
  page: Page;
  /** Violations reported by the page (securitypolicyviolation) and CSP errors on the console. */
  violations(): Promise<string[]>;
}

async function watched(user?: TestUser): Promise<Watched> {
  const page = await e2e.newPage({ width: 1280, height: 800 });
  if (user) {
    const [name, value] = (await sessionCookie(e2e.db, user.id, true)).split('=');
    await page
      .context()
      .addCookies([{ name: name!, value: value!, url: e2e.baseUrl, httpOnly: true, sameSite: 'Lax' }]);
  }
  const console: string[] = [];
  const listen = (p: Page) =>
    p.on('console', (m) => {
      if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(m.text()))
        console.push(m.text());
    });
  listen(page);
  page.context().on('page', listen);
  // Runs before the page's own scripts, in every document of the context (popups too).
  await page.context().addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  return {
    page,
    async violations() {
      const fromPages: string[] = [];
      for (const p of page.context().pages())
        if (!p.isClosed())
          fromPages.push(...(await p.evaluate(() => (window as unknown as { __csp: string[] }).__csp)));
      return [...fromPages, ...console];
    },
  };
}

describe('content security policy', () => {
  it('is sent strict with the page: scripts from self only, no framing', async () => {
    const res = await fetch(`${e2e.baseUrl}/`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self'/);
    expect(/script-src[^;]*'unsafe-inline'/.test(csp)).toBe(false);
    expect(csp).toMatch(/script-src-attr 'none'/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).toMatch(/object-src 'none'/);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('landing, offline page, home feed, chat, settings and a call all work without a violation', async () => {
    const a = await createUser(e2e.db, { name: 'Asha Gurung' });
    const b = await createUser(e2e.db, { name: 'Bikash Rai' });

    const visitor = await watched();
    await visitor.page.goto('/');
    await visitor.page
      .getByRole('link', { name: /sign in/i })
      .first()
      .waitFor();
    await visitor.page.goto('/offline.html');
    await visitor.page.getByRole('button', { name: 'Try again' }).waitFor();
    // The offline page's script (now a file) still runs: a click reloads the page.
    await Promise.all([
      visitor.page.waitForEvent('load'),
      visitor.page.getByRole('button', { name: 'Try again' }).click(),
    ]);
    expect(await visitor.violations()).toEqual([]);

    const member = await watched(a);
    const { page } = member;
    await page.goto('/home');
    await page
      .getByRole('button', { name: /create post|what's on your mind/i })
      .first()
      .waitFor();
    await page.goto(`/message/@${b.username}`);
    await page.getByRole('textbox').last().waitFor();
    await page.goto('/settings');
    await page
      .getByText(/settings/i)
      .first()
      .waitFor();
    await page.goto('/settings/notifications');
    await page.waitForLoadState('networkidle');
    // A call page with the fake camera and microphone: local media plays from a blob/stream source.
    await page.goto(`/call/${b.id}`);
    await page.waitForFunction(
      () => Array.from(document.querySelectorAll('video')).some((v) => v.srcObject !== null),
      null,
      {
        timeout: 15_000,
      },
    );
    expect(await member.violations()).toEqual([]);
  });

  it('refuses an injected inline script and an inline handler (the policy is in force)', async () => {
    const w = await watched();
    await w.page.goto('/');
    await w.page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__injected = true';
      document.body.append(s);
      const img = document.createElement('img');
      img.setAttribute('onerror', 'window.__handler = true');
      img.src = 'data:,not-an-image';
      document.body.append(img);
    });
    await w.page.waitForFunction(() => (window as unknown as { __csp: string[] }).__csp.length >= 2);
    expect(await w.page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
    expect(await w.page.evaluate(() => (window as unknown as { __handler?: boolean }).__handler)).toBeUndefined();
    expect((await w.violations()).join('\n')).toMatch(/script-src/);
  });
});
