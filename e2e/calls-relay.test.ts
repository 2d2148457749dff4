/**
 * Calls through a real coturn (Debian's `turnserver`, started here on a free port with a REST secret)
 * with ICE_TRANSPORT_POLICY=relay: the server's credentials open a relay and stop working once
 * expired; a call connects through the relay; and the call heals itself, with nobody clicking, after
 * its signalling sockets are cut and after the relay itself goes away and comes back.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CallTexts, Messages } from '@sajha/contract';
import { createUser, sessionCookie, type TestUser } from '../apps/server/test/harness.js';
import { startE2E, type E2E } from './harness.js';

const SECRET = `e2e-${Date.now().toString(36)}-turn-secret`;
const TTL_S = 600;
let e2e: E2E;
let turnPort = 0;
let turnDir = '';
let turn: ChildProcess | null = null;
const relayPorts = { min: 0, max: 0 };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** Starts coturn and resolves once it listens; rejects with its log if it does not. */
function startTurn(): Promise<ChildProcess> {
  const proc = spawn(
    '/usr/bin/turnserver',
    [
      '-n',
      '--listening-ip=127.0.0.1',
      `--listening-port=${turnPort}`,
      '--relay-ip=127.0.0.1',
      '--use-auth-secret',
      `--static-auth-secret=${SECRET}`,
      '--realm=sajha.test',
      '--no-tls',
      '--no-dtls',
      '--no-cli',
      '--fingerprint',
      '--allow-loopback-peers',
      `--min-port=${relayPorts.min}`,
      `--max-port=${relayPorts.max}`,
      '--log-file=stdout',
      `--pidfile=${path.join(turnDir, 'turnserver.pid')}`,
      `--db=${path.join(turnDir, 'turndb')}`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`coturn did not start:\n${log}`)), 10_000);
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('Total General servers')) {
        clearTimeout(timer);
        resolve(proc);
      }
    };
    proc.stdout.on('data', onData);
    proc.stderr.on('data', onData);
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`coturn exited (${code}):\n${log}`));
    });
  });
}

function stopTurn(): Promise<void> {
  const proc = turn;
  turn = null;
  if (!proc || proc.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    proc.once('exit', () => resolve());
    proc.kill('SIGKILL');
  });
}

beforeAll(async () => {
  turnDir = await mkdtemp(path.join(os.tmpdir(), 'sajha-turn-'));
  turnPort = await freePort();
  relayPorts.min = 40_000 + Math.floor(Math.random() * 20_000);
  relayPorts.max = relayPorts.min + 200;
  turn = await startTurn();
  e2e = await startE2E({
    media: true,
    env: {
      TURN_URLS: `turn:127.0.0.1:${turnPort}?transport=udp`,
      TURN_SECRET: SECRET,
      TURN_TTL_S: String(TTL_S),
      ICE_TRANSPORT_POLICY: 'relay',
    },
  });
});
afterAll(async () => {
  await e2e?.close();
  await stopTurn();
  await rm(turnDir, { recursive: true, force: true });
});

async function signedInPage(user: TestUser, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const page = await e2e.newPage(viewport);
  const [name, value] = (await sessionCookie(e2e.db, user.id, true)).split('=');
  await page.context().addCookies([{ name: name!, value: value!, url: e2e.baseUrl, httpOnly: true, sameSite: 'Lax' }]);
  return page;
}

/** In the page: the candidate types gathered with these ICE servers and relay-only policy. */
function gather(page: Page, iceServers: RTCIceServer[]): Promise<{ type: string; address: string; port: number }[]> {
  return page.evaluate(async (servers) => {
    const pc = new RTCPeerConnection({ iceServers: servers, iceTransportPolicy: 'relay' });
    pc.addTransceiver('audio');
    const found: { type: string; address: string; port: number }[] = [];
    const done = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 8000);
      pc.onicecandidate = ({ candidate }) => {
        if (!candidate) {
          clearTimeout(timer);
          resolve();
          return;
        }
        if (candidate.type)
          found.push({ type: candidate.type, address: candidate.address ?? '', port: candidate.port ?? 0 });
      };
    });
    await pc.setLocalDescription();
    await done;
    pc.close();
    return found;
  }, iceServers);
}

const framesDecoded = async (page: Page): Promise<number> =>
  Number(
    (await page
      .getByTestId('call-quality')
      .getAttribute('data-frames-decoded')
      .catch(() => '0')) ?? 0,
  );
const attr = (page: Page, name: string) => page.getByTestId('call-quality').getAttribute(name);

describe('calls through coturn', () => {
  it("the server's TURN credentials open a relay on coturn, and expired or forged ones do not", async () => {
    const a = await createUser(e2e.db, { name: 'Turn Asha' });
    const page = await signedInPage(a);
    await page.goto('/home');
    const before = Math.floor(Date.now() / 1000);
    const answer = await page.evaluate(async () => (await fetch('/api/calls/ice-servers')).text());
    const { iceServers, iceTransportPolicy } = JSON.parse(answer) as {
      iceServers: RTCIceServer[];
      iceTransportPolicy: string;
    };
    expect(iceTransportPolicy).toBe('relay');
    const turnServer = iceServers.find((s) => String(s.urls).includes('turn:'))!;
    const expiry = Number(String(turnServer.username).split(':')[0]);
    expect(expiry - before).toBeGreaterThanOrEqual(TTL_S - 1);
    expect(expiry - before).toBeLessThanOrEqual(TTL_S + 2);

    const relays = (await gather(page, iceServers)).filter((c) => c.type === 'relay');
    expect(relays.length).toBeGreaterThan(0);
    expect(relays[0]!.address).toBe('127.0.0.1');
    expect(relays[0]!.port).toBeGreaterThanOrEqual(relayPorts.min);
    expect(relays[0]!.port).toBeLessThanOrEqual(relayPorts.max);

    // The same scheme with an expiry one second in the past: coturn refuses it.
    const expiredName = `${Math.floor(Date.now() / 1000) - 1}:${a.id}`;
    const expired = {
      urls: turnServer.urls,
      username: expiredName,
      credential: createHmac('sha1', SECRET).update(expiredName).digest('base64'),
    };
    expect((await gather(page, [expired])).filter((c) => c.type === 'relay')).toEqual([]);
    // A future expiry signed with another secret: refused too.
    const forged = {
      ...turnServer,
      credential: createHmac('sha1', 'not-the-secret').update(String(turnServer.username)).digest('base64'),
    };
    expect((await gather(page, [forged])).filter((c) => c.type === 'relay')).toEqual([]);
  });

  it('a relay-only call connects through coturn and heals itself after a socket cut and a relay outage', async () => {
    const tag = Date.now().toString(36);
    const a = await createUser(e2e.db, { name: 'Relay Asha', username: `ra_${tag}` });
    const b = await createUser(e2e.db, { name: 'Relay Bikash', username: `rb_${tag}` });
    const [pa, pb] = await Promise.all([signedInPage(a), signedInPage(b)]);
    await pb.goto('/home');
    await pb.getByRole('navigation', { name: 'Main' }).waitFor();

    // A opens the call page directly (as the popup would); B accepts in the shell.
    await pa.goto(`/call/${b.id}`);
    await pa.getByText(Messages.call.calling).waitFor();
    const prompt = pb.getByRole('dialog', { name: Messages.call.incoming });
    await prompt.waitFor();
    const [cb] = await Promise.all([
      pb.context().waitForEvent('page'),
      prompt.getByRole('button', { name: 'Accept' }).click(),
    ]);
    const ca = pa;
    for (const p of [ca, cb]) {
      await expect.poll(() => framesDecoded(p), { timeout: 25_000 }).toBeGreaterThan(0);
      await expect.poll(() => attr(p, 'data-path')).toBe('relay');
    }
    const roomId = new URL(ca.url()).pathname.split('/')[3]!;
    expect(roomId).toMatch(/^[0-9a-f-]{36}$/);

    // 1. The signalling sockets drop (as on a network change): both pages reconnect, rejoin the room and
    //    restart ICE on their own, and video keeps arriving.
    const restartsBefore = await Promise.all([ca, cb].map(async (p) => Number(await attr(p, 'data-ice-restarts'))));
    for (const s of e2e.app.realtime.call.sockets.sockets.values()) s.conn.close();
    await expect
      .poll(async () => (await e2e.app.realtime.call.in(`call:${roomId}`).fetchSockets()).length, { timeout: 20_000 })
      .toBe(2);
    for (const [i, p] of [ca, cb].entries()) {
      await expect
        .poll(async () => Number(await attr(p, 'data-ice-restarts')), { timeout: 15_000 })
        .toBeGreaterThan(restartsBefore[i]!);
      // Every restart offer got its answer: nothing is left hanging for the next outage.
      await expect.poll(() => attr(p, 'data-signaling'), { timeout: 15_000 }).toBe('stable');
      const f = await framesDecoded(p);
      await expect.poll(() => framesDecoded(p), { timeout: 15_000 }).toBeGreaterThan(f + 20);
    }

    // 2. The relay goes away: both sides show "Reconnecting...". It comes back on the same address:
    //    the pages find a new path by themselves and the notice goes.
    await stopTurn();
    for (const p of [ca, cb]) await p.getByText(CallTexts.reconnecting).waitFor({ timeout: 30_000 });
    turn = await startTurn();
    for (const p of [ca, cb]) {
      await p.getByText(CallTexts.reconnecting).waitFor({ state: 'hidden', timeout: 45_000 });
      const f = await framesDecoded(p);
      await expect.poll(() => framesDecoded(p), { timeout: 15_000 }).toBeGreaterThan(f + 20);
      expect(await attr(p, 'data-path')).toBe('relay');
    }

    // Hanging up still works after all that.
    await ca.getByRole('button', { name: 'End call' }).click();
    await cb.getByRole('heading', { name: Messages.call.ended }).waitFor();
  });
});
