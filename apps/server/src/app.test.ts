import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { startTestApp, type TestApp } from '../test/harness.js';

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
