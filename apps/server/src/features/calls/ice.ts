/**
 * ICE servers for a member: the configured STUN URLs, and TURN with coturn's REST credentials
 * (username `{expiry}:{uid}`, credential = base64 HMAC-SHA1 of the username keyed by the shared
 * secret). The secret itself never leaves the server; a credential stops working at `expiry`.
 */
import { createHmac } from 'node:crypto';
import type { IceServersResponse } from '@sajha/contract';
import type { Config } from '../../config.js';

export function turnCredential(secret: string, username: string): string {
  return createHmac('sha1', secret).update(username).digest('base64');
}

export function iceServersFor(config: Config['calls'], uid: string, now = Date.now()): IceServersResponse {
  const iceServers: IceServersResponse['iceServers'] = [];
  if (config.stunUrls.length > 0) iceServers.push({ urls: config.stunUrls });
  if (config.turnUrls.length > 0 && config.turnSecret) {
    const username = `${Math.floor(now / 1000) + config.turnTtlS}:${uid}`;
    iceServers.push({ urls: config.turnUrls, username, credential: turnCredential(config.turnSecret, username) });
  }
  return { iceServers, ttl: config.turnTtlS, iceTransportPolicy: config.iceTransportPolicy };
}
