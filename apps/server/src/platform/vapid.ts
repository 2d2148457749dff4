/**
 * Web Push keys (VAPID). From VAPID_* when set; otherwise generated once and kept in the database, so
 * every node signs with the same pair. Public config hands the public key to browsers; push delivery signs with both.
 */
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { serverSettings } from '../db/schema.js';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

type KeyDeps = { db: Db; config: Config };
const keyCache = new WeakMap<KeyDeps, Promise<VapidKeys>>();

export function vapidKeys(deps: KeyDeps): Promise<VapidKeys> {
  let p = keyCache.get(deps);
  if (!p) {
    p = loadOrCreateKeys(deps);
    keyCache.set(deps, p);
  }
  return p;
}

async function loadOrCreateKeys(deps: KeyDeps): Promise<VapidKeys> {
  const { publicKey, privateKey } = deps.config.push;
  if (publicKey && privateKey) return { publicKey, privateKey };
  const generated = webpush.generateVAPIDKeys();
  // First node to start wins; the others read what it stored.
  await deps.db.insert(serverSettings).values({ key: 'vapid', value: generated }).onConflictDoNothing();
  const [row] = await deps.db.select().from(serverSettings).where(eq(serverSettings.key, 'vapid'));
  return row!.value as VapidKeys;
}
