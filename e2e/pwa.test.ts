/** The installable app: manifest, the v97 service worker at root scope, pushes merged by tag. */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { SERVICE_WORKER_VERSION } from '@sajha/contract';
import { startE2E, type E2E } from './harness.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

describe('progressive web app', () => {
  it('serves a manifest and registers the service worker at root scope', async () => {
    const manifest = (await (await fetch(`${e2e.baseUrl}/manifest.webmanifest`)).json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({ name: 'Sajha', scope: '/', display: 'standalone' });
    const sw = await fetch(`${e2e.baseUrl}/sw.js`);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect(await sw.text()).toContain(`'${SERVICE_WORKER_VERSION}'`);

    const page = await e2e.newPage();
    await page.goto('/');
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${e2e.baseUrl}/`);
  });

  it('shows a push as a notification and merges pushes with the same tag, counting them', async () => {
    const page = await e2e.newPage();
    await page.context().grantPermissions(['notifications'], { origin: e2e.baseUrl });
    const cdp = await page.context().newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string }[] = [];
    cdp.on(
      'ServiceWorker.workerRegistrationUpdated',
      (e: { registrations: { registrationId: string; scopeURL: string }[] }) => registrations.push(...e.registrations),
    );
    await cdp.send('ServiceWorker.enable');
    await page.goto('/');
    await page.evaluate(async () => navigator.serviceWorker.ready);
    await expect.poll(() => registrations.find((r) => r.scopeURL === `${e2e.baseUrl}/`)).toBeTruthy();
    const registrationId = registrations.find((r) => r.scopeURL === `${e2e.baseUrl}/`)!.registrationId;

    const push = (data: object) =>
      cdp.send('ServiceWorker.deliverPushMessage', { origin: e2e.baseUrl, registrationId, data: JSON.stringify(data) });
    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
        })),
      );

    // A push wakes the service worker (started anew by Chrome when idle): on a busy machine the
    // notification takes longer than expect.poll's default second to appear.
    const soon = { timeout: 10_000 };
    await push({ title: 'Sajha', body: 'New message from Asha', tag: 'chat:1', url: '/message/@asha' });
    await expect.poll(shown, soon).toEqual([{ title: 'Sajha', body: 'New message from Asha', tag: 'chat:1' }]);
    await push({ title: 'Sajha', body: 'New message from Asha', tag: 'chat:1', url: '/message/@asha' });
    await push({ title: 'Sajha', body: 'New message from Asha', tag: 'chat:1', url: '/message/@asha' });
    await expect.poll(shown, soon).toEqual([{ title: 'Sajha', body: '(3) New message from Asha', tag: 'chat:1' }]);
    await push({ title: 'Sajha', body: 'Ram liked your post', tag: 'like:9', url: '/view/9' });
    await expect.poll(async () => (await shown()).length, soon).toBe(2);
  });
});
