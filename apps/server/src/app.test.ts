import { mkdir, writeFile } from 'node:fs/promises';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { createUser, sessionCookie, startTestApp, type TestApp } from '../test/harness.js';

describe('the HTTP server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, (c) => {
      c.webDist = path.join(c.dataDir, 'web');
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('reports health with database reachability', async () => {
    const res = await fetch(`${t.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', database: 'up' });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers unknown API paths with JSON 404, never the web app', async () => {
    const res = await fetch(`${t.url}/api/nope`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ success: false });
  });

  it('answers a malformed JSON body with 400 and keeps serving', async () => {
    const res = await fetch(`${t.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(res.status).toBe(400);
    expect((await fetch(`${t.url}/api/health`)).status).toBe(200);
  });
});

describe('serving the built web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    // webRoutes registers at build time, so the folder must exist before the app starts.
    const dir = path.join((await import('node:os')).tmpdir(), `sajha-web-${Date.now()}`);
    await mkdir(path.join(dir, 'assets'), { recursive: true });
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>app shell</title>');
    await writeFile(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
    // What the build writes beside each asset (apps/web/precompress.ts); marked so the test sees which went out.
    const big = `console.log(${JSON.stringify('x'.repeat(4000))})`;
    await writeFile(path.join(dir, 'assets', 'big-abc123.js'), big);
    await writeFile(path.join(dir, 'assets', 'big-abc123.js.br'), brotliCompressSync(`${big}//br`));
    await writeFile(path.join(dir, 'assets', 'big-abc123.js.gz'), gzipSync(`${big}//gz`));
    t = await startTestApp({ WEB_DIST: dir });
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves hashed assets for a year and client routes as index.html, uncached', async () => {
    const asset = await fetch(`${t.url}/assets/index-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    for (const route of ['/', '/home', '/message/@asha', '/settings/account', '/no/such/page']) {
      const page = await fetch(`${t.url}${route}`);
      expect(page.status, route).toBe(200);
      expect(await page.text()).toContain('app shell');
      expect(page.headers.get('cache-control')).toBe('no-cache');
    }
    expect((await fetch(`${t.url}/assets/missing.js`)).status).toBe(404);
  });

  it('sends the precompressed copy the browser accepts, brotli first, and the plain file otherwise', async () => {
    for (const [accept, encoding, tail] of [
      ['br, gzip', 'br', '//br'],
      ['gzip', 'gzip', '//gz'],
      ['identity', null, ')'],
    ] as const) {
      const res = await fetch(`${t.url}/assets/big-abc123.js`, { headers: { 'accept-encoding': accept } });
      expect(res.headers.get('content-encoding'), accept).toBe(encoding);
      expect(res.headers.get('cache-control')).toContain('immutable');
      expect(res.headers.get('vary')?.toLowerCase()).toContain('accept-encoding');
      expect((await res.text()).endsWith(tail), accept).toBe(true);
    }
  });

  it('marks the page signed out only when the request has no session cookie (the app then skips check-auth)', async () => {
    const marker = '<meta name="sajha-session" content="none" />';
    for (const route of ['/', '/home']) {
      expect(await (await fetch(`${t.url}${route}`)).text()).toContain(marker);
      const withCookie = await fetch(`${t.url}${route}`, { headers: { cookie: 'sajha_sid=anything' } });
      expect(await withCookie.text()).not.toContain(marker);
    }
  });

  it('compresses JSON answers for browsers that accept it', async () => {
    const user = await createUser(t.db);
    let cookie = '';
    for (let i = 0; i < 12; i += 1) cookie = await sessionCookie(t.db, user.id); // a list long enough to compress
    const plain = await fetch(`${t.url}/api/auth/sessions`, { headers: { cookie, 'accept-encoding': 'identity' } });
    const body = await plain.text();
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(body.length).toBeGreaterThan(1024);
    const br = await fetch(`${t.url}/api/auth/sessions`, { headers: { cookie, 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(JSON.parse(await br.text())).toEqual(JSON.parse(body));
  });
});

describe('configuration', () => {
  it('has documented defaults and refuses bad values with a clear message', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.dataDir).toBe(path.resolve('./data'));
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.secureCookies).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://sajha.example/' }).secureCookies).toBe(true);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });
});
