import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';

describe('hardened headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers with a strict Content-Security-Policy and the other helmet headers', async () => {
    const res = await fetch(`${t.url}/api/auth/config`);
    const csp = res.headers.get('content-security-policy') ?? '';
    const directive = (name: string) => new RegExp(`(^|;)\\s*${name} ([^;]*)`).exec(csp)?.[2] ?? '';
    expect(directive('default-src')).toBe("'self'");
    expect(directive('script-src').split(' ')).toEqual(["'self'", 'https://accounts.google.com/gsi/client']);
    expect(directive('script-src-attr')).toBe("'none'");
    expect(directive('frame-ancestors')).toBe("'none'");
    expect(directive('object-src')).toBe("'none'");
    expect(directive('base-uri')).toBe("'self'");
    expect(directive('media-src')).toContain('blob:');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(res.headers.get('permissions-policy')).toMatch(/camera=\(self\)/);
    // Plain http: no HSTS, which browsers would ignore anyway.
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });
});
