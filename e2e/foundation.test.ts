/** The foundation as a visitor meets it: landing, 404, colour mode, sign-in gate, caching, small screens. */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { Page } from 'playwright-core';
import { Messages } from '@sajha/contract';
import { luminance, startE2E, type E2E } from './harness.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const landingHeading = (page: Page) => page.getByRole('heading', { level: 1, name: /Sajha/ });
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const htmlIsDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));
const poll = { timeout: 10_000 };

describe('landing page', () => {
  it('greets a visitor at / with the Sajha heading', async () => {
    const page = await e2e.newPage();
    const res = await page.goto('/');
    expect(res?.status()).toBe(200);
    await expect.poll(() => landingHeading(page).isVisible(), poll).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('fits a 390 px wide phone without sideways scrolling', async () => {
    const page = await e2e.newPage({ width: 390, height: 844 });
    await page.goto('/');
    await landingHeading(page).waitFor();
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(widths.client).toBe(390);
    expect(widths.scroll).toBeLessThanOrEqual(390);
  });
});

describe('unknown addresses', () => {
  it('shows Page Not Found for an unknown path, and its link leads home', async () => {
    const page = await e2e.newPage();
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: Messages.notFound }).waitFor();
    expect(await page.title()).toContain(Messages.notFound);

    await page.getByRole('link', { name: /home/i }).click();
    await page.waitForURL(`${e2e.baseUrl}/`);
    await landingHeading(page).waitFor();
    expect(await page.getByText(Messages.notFound).count()).toBe(0);
  });

  it('shows Page Not Found at /not-found', async () => {
    const page = await e2e.newPage();
    await page.goto('/not-found');
    await page.getByRole('heading', { name: Messages.notFound }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/not-found');
  });
});

describe('colour mode', () => {
  it('switches to dark, and stays dark after a reload', async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    // The toggle is disabled until the page has mounted and knows the stored mode.
    const toDark = page.getByRole('button', { name: 'Switch to dark mode', disabled: false });
    await toDark.waitFor();
    expect(luminance(await bodyBackground(page))).toBeGreaterThan(0.5);
    expect(await htmlIsDark(page)).toBe(false);

    await toDark.click();
    await expect.poll(() => htmlIsDark(page), poll).toBe(true);
    await expect.poll(async () => luminance(await bodyBackground(page)), poll).toBeLessThan(0.05);
    const toLight = page.getByRole('button', { name: 'Switch to light mode', disabled: false });
    await toLight.waitFor();

    await page.reload();
    await toLight.waitFor();
    expect(await htmlIsDark(page)).toBe(true);
    expect(luminance(await bodyBackground(page))).toBeLessThan(0.05);
    expect(await page.getByRole('button', { name: 'Switch to dark mode' }).count()).toBe(0);
  });
});

describe('sign-in gate', () => {
  it('sends a signed-out visitor from /home to /signin, remembering where they were going', async () => {
    const page = await e2e.newPage();
    await page.goto('/home');
    await page.waitForURL(/\/signin\?next=%2Fhome$/);
    expect(new URL(page.url()).pathname).toBe('/signin');
  });
});

describe('serving the built app', () => {
  it('caches hashed assets for good, and never caches the page of a client route', async () => {
    const route = await fetch(`${e2e.baseUrl}/friends`);
    expect(route.status).toBe(200);
    expect(route.headers.get('content-type')).toMatch(/text\/html/);
    expect(route.headers.get('cache-control')).toContain('no-cache');
    const html = await route.text();
    const entry = /<script[^>]+type="module"[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(entry, 'index.html names its entry script under /assets/').toBeDefined();

    const asset = await fetch(`${e2e.baseUrl}${entry}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await asset.text()).length).toBeGreaterThan(0);

    // Every client route is the same app page; '/' for a visitor is the pre-rendered landing, not cached either.
    expect(await fetch(`${e2e.baseUrl}/settings`).then((r) => r.text())).toBe(html);
    const root = await fetch(`${e2e.baseUrl}/`);
    expect(root.status).toBe(200);
    expect(root.headers.get('cache-control')).toContain('no-cache');
    expect(await root.text()).toContain(entry);
  });

  it('answers a missing asset with 404, not with the page', async () => {
    const res = await fetch(`${e2e.baseUrl}/assets/no-such-chunk-0000.js`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).not.toMatch(/text\/html/);
    expect(await res.text()).not.toContain('<!doctype');
  });
});
