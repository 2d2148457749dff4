/**
 * /metrics for Prometheus: a scrape from this machine reads Node's defaults, the dashboard's figures as
 * gauges and how long HTTP requests and socket events took; a request that came through a proxy is
 * answered as an unknown page; with METRICS_TOKEN set the token is required, from this machine too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Events } from '@sajha/contract';
import {
  ask,
  connectSocket,
  createUser,
  ok,
  sessionCookie,
  startTestApp,
  type TestApp,
  type TestSocket,
} from '../../../test/harness.js';
import { metricsAccess } from './routes.js';

const TOKEN = 'metrics-token-for-tests-0123456789';
let open: TestApp;
let guarded: TestApp;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  [open, guarded] = await Promise.all([startTestApp(), startTestApp({ METRICS_TOKEN: TOKEN })]);
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await Promise.all([open?.close(), guarded?.close()]);
});

const scrape = (t: TestApp, headers: Record<string, string> = {}) => fetch(`${t.url}/metrics`, { headers });

/** The value of one sample line (`name{labels} value`), or undefined when the scrape has no such line. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('metrics', () => {
  it('requires nothing from this machine: defaults, our gauges, HTTP and socket timings', async () => {
    const u = await createUser(open.db);
    const cookie = await sessionCookie(open.db, u.id);
    const form = new FormData();
    form.set('content', 'Counted on the next scrape');
    expect(
      (await fetch(`${open.url}/api/createPost`, { method: 'POST', body: form, headers: { cookie } })).status,
    ).toBe(200);
    expect((await fetch(`${open.url}/api/health`)).status).toBe(200);
    const socket = await connectSocket(open.url, cookie);
    sockets.push(socket);
    await ok(ask(socket, Events.getCurrentUser));

    const res = await scrape(open);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'sajha_members')).toBe(1);
    expect(sample(text, 'sajha_members_active{window="today"}')).toBe(1);
    expect(sample(text, 'sajha_made_today{kind="post"}')).toBe(1);
    expect(sample(text, 'sajha_made_today{kind="message"}')).toBe(0);
    expect(sample(text, 'sajha_reports_open')).toBe(0);
    expect(sample(text, 'sajha_jobs{queue="mail.send",state="queued"}')).toBe(0);
    expect(sample(text, 'sajha_storage_bytes')).toBe(0);
    expect(sample(text, 'sajha_dependency_up{dependency="database"}')).toBe(1);
    expect(text).not.toContain('dependency="redis"');
    // Requests are labelled by their route's template; socket events by their wire name.
    expect(
      sample(text, 'sajha_http_request_duration_seconds_count{method="GET",route="/api/health",status_code="200"}'),
    ).toBe(1);
    expect(
      sample(
        text,
        'sajha_http_request_duration_seconds_count{method="POST",route="/api/createPost",status_code="200"}',
      ),
    ).toBe(1);
    expect(sample(text, `sajha_socket_event_duration_seconds_count{event="${Events.getCurrentUser}"}`)).toBe(1);
    expect(text).toMatch(/^sajha_socket_event_duration_seconds_bucket\{le="0.001",event="/m);
  });

  it('answers a request that came through a proxy as an unknown page, without a figure', async () => {
    const proxied: Record<string, string>[] = [{ 'x-forwarded-for': '203.0.113.9' }, { forwarded: 'for=203.0.113.9' }];
    for (const headers of proxied) {
      const res = await scrape(open, headers);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('sajha_');
    }
  });

  it('lets only this machine in when no token is set', () => {
    const from = (remoteAddress: string, headers = {}) =>
      metricsAccess(undefined, { headers, socket: { remoteAddress } });
    expect(from('127.0.0.1')).toBe('allowed');
    expect(from('::1')).toBe('allowed');
    expect(from('::ffff:127.0.0.1')).toBe('allowed');
    expect(from('203.0.113.9')).toBe('hidden');
    expect(from('10.0.0.2')).toBe('hidden');
    expect(from('127.0.0.1', { 'x-forwarded-for': '127.0.0.1' })).toBe('hidden');
  });

  it('with METRICS_TOKEN set, refuses a missing or wrong token, from this machine too', async () => {
    const wrong: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-token-0123456789' },
      { authorization: TOKEN },
    ];
    for (const headers of wrong) {
      const res = await scrape(guarded, headers);
      expect(res.status).toBe(403);
      expect(await res.text()).not.toContain('sajha_');
    }
    const res = await scrape(guarded, { authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(200);
    expect(sample(await res.text(), 'sajha_members')).toBe(0);
    // From elsewhere, through a proxy, the token is what counts.
    expect((await scrape(guarded, { authorization: `Bearer ${TOKEN}`, 'x-forwarded-for': '203.0.113.9' })).status).toBe(
      200,
    );
  });
});
