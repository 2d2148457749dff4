/**
 * Web Push with VAPID (web-push). Keys come from VAPID_* or are generated once and stored in the
 * database, so every node signs with the same pair. Endpoints are only accepted on known push
 * services (they are URLs a client gives us and the server POSTs to). 404/410 removes a subscription.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { ServerTexts, type PushSubscriptionJson } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { pushSubscriptions } from '../../db/schema.js';
import type { PushPayload } from '../../platform/jobs.js';
import { vapidKeys } from '../../platform/vapid.js';
import { AppError } from '../../platform/errors.js';

export function checkEndpoint(deps: AppDeps, endpoint: string): void {
  const url = new URL(endpoint);
  const host = url.hostname.toLowerCase();
  const allowedHost = deps.config.push.endpointHosts.some((h) => host === h || host.endsWith(`.${h}`));
  const allowedScheme = url.protocol === 'https:' || (deps.config.push.allowHttp && url.protocol === 'http:');
  if (!allowedHost || !allowedScheme) throw new AppError(ServerTexts.notifications.pushServiceUnsupported, 400);
}

export async function saveSubscription(
  deps: AppDeps,
  userId: string,
  sub: PushSubscriptionJson,
  userAgent: string,
): Promise<void> {
  checkEndpoint(deps, sub.endpoint);
  // One row per browser endpoint; a browser that signs in to another account moves with it.
  await deps.db
    .insert(pushSubscriptions)
    .values({
      id: randomUUID(),
      userId,
      endpoint: sub.endpoint,
      p256dh: sub.keys.p256dh,
      auth: sub.keys.auth,
      userAgent: userAgent.slice(0, 300),
    })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh: sub.keys.p256dh, auth: sub.keys.auth, userAgent: userAgent.slice(0, 300) },
    });
}

/** Queues one delivery per device of the member; returns how many were queued. */
export async function queuePush(deps: AppDeps, userId: string, payload: PushPayload): Promise<number> {
  const subs = await deps.db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  for (const s of subs) await deps.jobs.send('push.send', { subscriptionId: s.id, payload });
  return subs.length;
}

/**
 * The push job: encrypt (aes128gcm) and sign (VAPID) with web-push, send with fetch and a hard timeout.
 * 404/410 remove the subscription; a network failure or a 5xx throws, so the queue retries with back-off.
 */
export async function deliverPush(
  deps: AppDeps,
  job: { subscriptionId: string; payload: PushPayload },
): Promise<'delivered' | 'gone' | 'refused' | 'missing'> {
  const [s] = await deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, job.subscriptionId));
  if (!s) return 'missing';
  try {
    checkEndpoint(deps, s.endpoint);
  } catch {
    return 'refused'; // the allow-list changed since it was saved: retrying cannot help
  }
  const keys = await vapidKeys(deps);
  const { payload } = job;
  const request = webpush.generateRequestDetails(
    { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: { subject: deps.config.push.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: 60 * 60 * 24,
      topic: payload.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32) || undefined,
    },
  );
  const res = await fetch(request.endpoint, {
    method: request.method,
    headers: request.headers as Record<string, string>,
    body: request.body ? new Uint8Array(request.body) : null,
    redirect: 'error',
    signal: AbortSignal.timeout(10_000),
  });
  if (res.status === 404 || res.status === 410) {
    await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, s.id));
    deps.log.info({ userId: s.userId, status: res.status }, 'expired push subscription removed');
    return 'gone';
  }
  if (res.status >= 500 || res.status === 429) throw new Error(`push service answered ${res.status}`);
  if (!res.ok) {
    deps.log.warn({ userId: s.userId, status: res.status }, 'push service refused a delivery');
    return 'refused';
  }
  return 'delivered';
}
