/**
 * A long-lived random device cookie tells browsers apart. A sign-in from a browser the member has
 * not used before is stated as `account.newDevice`, which the member hears of (on every tab, by push
 * and mail as they chose).
 */
import { and, count, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { knownDevices, users } from '../../db/schema.js';
import { randomToken, sha256 } from '../../platform/crypto.js';

export const DEVICE_COOKIE = 'sajha_did';

/** The browser and system a user agent names, as the sign-in notice words them (null: not one we name). */
export function describeBrowser(ua: string): { browser: string | null; os: string | null } {
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrom(e|ium)\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : null;
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : null;
  return { browser, os };
}

/** True when this browser's device cookie has signed in to the account with this email before. */
export async function isKnownDevice(deps: AppDeps, req: FastifyRequest, email: string): Promise<boolean> {
  const device = req.cookies[DEVICE_COOKIE];
  if (!device || device.length > 100) return false;
  const [row] = await deps.db
    .select({ n: count() })
    .from(knownDevices)
    .innerJoin(users, eq(users.id, knownDevices.userId))
    .where(and(eq(users.email, email), eq(knownDevices.deviceHash, sha256(device))));
  return (row?.n ?? 0) > 0;
}

/** Records the browser; returns true when this member had other browsers and this one is new. */
export async function rememberDevice(
  deps: AppDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  userId: string,
): Promise<boolean> {
  let device = req.cookies[DEVICE_COOKIE];
  if (!device || device.length > 100) {
    device = randomToken();
    void reply.setCookie(DEVICE_COOKIE, device, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: deps.config.secureCookies,
      maxAge: 5 * 365 * 24 * 60 * 60,
    });
  }
  const hash = sha256(device);
  const known = await deps.db
    .select({ n: count() })
    .from(knownDevices)
    .where(and(eq(knownDevices.userId, userId), eq(knownDevices.deviceHash, hash)));
  if ((known[0]?.n ?? 0) > 0) return false;
  const [others] = await deps.db.select({ n: count() }).from(knownDevices).where(eq(knownDevices.userId, userId));
  await deps.db
    .insert(knownDevices)
    .values({ userId, deviceHash: hash, userAgent: (req.headers['user-agent'] ?? '').slice(0, 300) })
    .onConflictDoNothing();
  return (others?.n ?? 0) > 0;
}

export async function noticeNewDevice(
  deps: AppDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  userId: string,
): Promise<void> {
  if (!(await rememberDevice(deps, req, reply, userId))) return;
  // The notice itself is the notifications area's (it listens for this fact).
  await deps.bus.publish('account.newDevice', { userId, ...describeBrowser(req.headers['user-agent'] ?? '') });
}
