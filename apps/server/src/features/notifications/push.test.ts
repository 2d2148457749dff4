import { createECDH, createDecipheriv, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueFor, Events } from '@sajha/contract';
import { pushSubscriptions, users } from '../../db/schema.js';
import {
  connectSocket,
  createUser,
  nextEvent,
  rawEmit,
  sessionCookie,
  startTestApp,
  type TestApp,
} from '../../../test/harness.js';
import { notify } from './service.js';

/** Decrypts an aes128gcm Web Push body (RFC 8188 + RFC 8291) with the subscriber's keys. */
function decryptWebPush(body: Buffer, uaEcdh: ReturnType<typeof createECDH>, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLen = body.readUInt8(20);
  const asPublic = body.subarray(21, 21 + idLen);
  const record = body.subarray(21 + idLen);
  const ecdhSecret = uaEcdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaEcdh.getPublicKey(), asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  expect(padded[end]).toBe(2); // last-record delimiter
  return padded.subarray(0, end).toString('utf8');
}

interface Delivery {
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

describe('Web Push to a push service on localhost', () => {
  let t: TestApp;
  let pushService: Server;
  let base: string;
  const deliveries: Delivery[] = [];
  const gone = new Set<string>();

  beforeAll(async () => {
    pushService = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        deliveries.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
        res.statusCode = gone.has(req.url ?? '') ? 410 : 201;
        res.end();
      });
    });
    await new Promise<void>((r) => pushService.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
    t = await startTestApp({ PUSH_ENDPOINT_HOSTS: '127.0.0.1', PUSH_ALLOW_HTTP: 'true' });
  });
  afterAll(async () => {
    await t.close();
    pushService.close();
  });

  function browserKeys() {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    return {
      ecdh,
      auth,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    };
  }

  it('requires sign-in to subscribe', async () => {
    await expect(connectSocket(t.url)).rejects.toThrow(/unauthorized/);
  });

  it('encrypts the payload for the subscriber and signs the request with VAPID', async () => {
    const u = await createUser(t.db);
    const socket = await connectSocket(t.url, await sessionCookie(t.db, u.id));
    const b = browserKeys();
    const endpoint = `${base}/push/${u.id}`;
    const ack = await new Promise((resolve) =>
      rawEmit(socket, Events.subscribeWebPush, { endpoint, expirationTime: null, keys: b.keys }, resolve),
    );
    expect(ack).toEqual({ ok: true });

    const outcome = await notify(t.app.deps, u.id, {
      type: 'comment',
      message: 'Asha commented on your post',
      actions: [{ label: 'View', type: 'link', url: '/view/p1' }],
      tag: 'comment:p1',
    });
    expect(outcome.pushQueued).toBe(1);
    await t.app.deps.jobs.idle('push.send');
    const mine = deliveries.filter((x) => x.path === `/push/${u.id}`);
    expect(mine).toHaveLength(1);
    const d = mine[0]!;
    expect(d.headers['content-encoding']).toBe('aes128gcm');
    // Kept by the push service for a day while the device is offline; a later push with the same topic
    // (the tag, stripped to the characters a Topic header may hold) replaces this one there.
    expect(d.headers.ttl).toBe(String(24 * 60 * 60));
    expect(d.headers.topic).toBe('commentp1');
    // Exactly what the service worker shows: the title, the text, the tag it merges by, the page it opens.
    expect(JSON.parse(decryptWebPush(d.body, b.ecdh, b.auth))).toEqual({
      title: 'Sajha',
      body: 'Asha commented on your post',
      tag: 'comment:p1',
      url: '/view/p1',
    });

    // VAPID: "vapid t=<jwt>, k=<public key>", the JWT signed by that key for the push service's origin.
    const m = /^vapid t=([^,]+), k=(.+)$/.exec(String(d.headers.authorization))!;
    expect(m).not.toBeNull();
    const raw = Buffer.from(m[2]!, 'base64url');
    const jwk = {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    };
    expect(decodeProtectedHeader(m[1]!).alg).toBe('ES256');
    const { payload: claims } = await jwtVerify(m[1]!, await importJWK(jwk, 'ES256'));
    expect(claims.aud).toBe(base);
    const config = (await (await fetch(`${t.url}/api/config`)).json()) as { vapidPublicKey: string };
    expect(config.vapidPublicKey).toBe(m[2]);
    socket.close();
  });

  it('removes a subscription the push service reports gone (410)', async () => {
    const u = await createUser(t.db);
    const socket = await connectSocket(t.url, await sessionCookie(t.db, u.id));
    const endpoint = `${base}/gone/${u.id}`;
    gone.add(`/gone/${u.id}`);
    const b = browserKeys();
    const ack = await new Promise((resolve) =>
      rawEmit(socket, Events.subscribeWebPush, { endpoint, keys: b.keys }, resolve),
    );
    expect(ack).toEqual({ ok: true });
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, u.id))).toHaveLength(1);
    const outcome = await notify(t.app.deps, u.id, { type: 'like', message: 'Someone liked your post' });
    expect(outcome.pushQueued).toBe(1);
    await t.app.deps.jobs.idle('push.send');
    // The push was really offered to the service (with the default title, the type as its tag and the
    // home page to open), which answered 410: the subscription is gone, and with it any further push.
    const tried = deliveries.filter((x) => x.path === `/gone/${u.id}`);
    expect(tried).toHaveLength(1);
    expect(JSON.parse(decryptWebPush(tried[0]!.body, b.ecdh, b.auth))).toEqual({
      title: 'Sajha',
      body: 'Someone liked your post',
      tag: 'like',
      url: '/home',
    });
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, u.id))).toHaveLength(0);
    expect((await notify(t.app.deps, u.id, { type: 'like', message: 'Another like' })).pushQueued).toBe(0);
    socket.close();
  });

  it('writes each member’s push in their language: title and body in Nepali for a Nepali member', async () => {
    const ne = catalogueFor('ne');
    const asha = await createUser(t.db, { name: 'Asha', username: `asha_${Date.now() % 100000}` });
    const subscribed = async (locale: 'en' | 'ne') => {
      const u = await createUser(t.db);
      await t.db.update(users).set({ locale }).where(eq(users.id, u.id));
      const socket = await connectSocket(t.url, await sessionCookie(t.db, u.id));
      const b = browserKeys();
      const ack = await new Promise((resolve) =>
        rawEmit(socket, Events.subscribeWebPush, { endpoint: `${base}/lang/${u.id}`, keys: b.keys }, resolve),
      );
      expect(ack).toEqual({ ok: true });
      socket.close();
      const pushes = () =>
        deliveries
          .filter((x) => x.path === `/lang/${u.id}`)
          .map((x) => JSON.parse(decryptWebPush(x.body, b.ecdh, b.auth)) as Record<string, unknown>);
      return { ...u, pushes };
    };
    const nepali = await subscribed('ne');
    const english = await subscribed('en');
    const actor = { id: asha.id, username: asha.username, name: asha.name, avatar: null };

    // A like of each one's post (the bell's notice, pushed), and a call ringing (the push only).
    const rooms = new Map<string, string>();
    for (const m of [nepali, english]) {
      await t.app.deps.bus.publish('content.liked', {
        content: { kind: 'post', id: `p-${m.id}`, ownerId: m.id },
        actor,
      });
      rooms.set(m.id, randomUUID());
      await t.app.deps.bus.publish('call.ringing', {
        calleeId: m.id,
        incoming: { roomId: rooms.get(m.id)!, caller: { uid: asha.id, name: 'Asha Gurung', avatar: null } },
      });
    }
    await t.app.deps.jobs.idle('push.send');

    // Two jobs, delivered in either order.
    expect(nepali.pushes()).toHaveLength(2);
    expect(nepali.pushes()).toEqual(
      expect.arrayContaining([
        {
          title: ne.ServerTexts.appName,
          body: ne.ServerTexts.notices.likedPost(asha.username),
          tag: `like:p-${nepali.id}`,
          url: `/view/p-${nepali.id}`,
        },
        {
          title: ne.Messages.call.incoming,
          body: ne.CallTexts.incomingFrom('Asha Gurung'),
          tag: `call:${rooms.get(nepali.id)}`,
          url: `/call/${asha.id}/${rooms.get(nepali.id)}`,
        },
      ]),
    );
    expect(ne.ServerTexts.appName).toBe('साझा');
    expect(ne.Messages.call.incoming).toMatch(/[\u0900-\u097F]/);
    expect(english.pushes()).toHaveLength(2);
    expect(english.pushes()).toEqual(
      expect.arrayContaining([
        {
          title: 'Sajha',
          body: `@${asha.username} liked your post`,
          tag: `like:p-${english.id}`,
          url: `/view/p-${english.id}`,
        },
        {
          title: 'Incoming call',
          body: 'Incoming call from Asha Gurung',
          tag: `call:${rooms.get(english.id)}`,
          url: `/call/${asha.id}/${rooms.get(english.id)}`,
        },
      ]),
    );
  });

  it('refuses endpoints that are not a known push service (no SSRF through subscriptions)', async () => {
    const u = await createUser(t.db);
    const socket = await connectSocket(t.url, await sessionCookie(t.db, u.id));
    for (const endpoint of [
      'http://169.254.169.254/latest/meta-data',
      'http://localhost:6379/',
      'https://evil.example/push',
    ]) {
      const ack = await new Promise((resolve) =>
        rawEmit(socket, Events.subscribeWebPush, { endpoint, keys: browserKeys().keys }, resolve),
      );
      expect(ack).toEqual({ ok: false, error: 'This push service is not supported.' });
    }
    const malformed = nextEvent<{ message: string; event: string }>(socket, Events.error);
    rawEmit(socket, Events.subscribeWebPush, { endpoint: 'not a url' });
    // zod's text for the endpoint field, which the server passes on (it is not one of the defaults it hides).
    expect(await malformed).toEqual({ message: 'Invalid URL', event: Events.subscribeWebPush });
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, u.id))).toHaveLength(0);
    socket.close();
  });
});
