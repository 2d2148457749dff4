/**
 * Rate limits with rate-limiter-flexible: in memory on one node, in Redis when REDIS_URL links several.
 * Each limiter is "N attempts per window per key"; keys are IPs, accounts or users.
 */
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import { Messages } from '@sajha/contract';
import { RateLimitedError } from './errors.js';

const SPECS = {
  loginPerIp: { points: 30, duration: 15 * 60 },
  loginPerAccount: { points: 10, duration: 15 * 60 },
  registerPerIp: { points: 10, duration: 60 * 60 },
  codeCheckPerIp: { points: 30, duration: 15 * 60 },
  resendPerIp: { points: 10, duration: 60 * 60 },
  resetPerIp: { points: 10, duration: 60 * 60 },
  resetPerAccount: { points: 5, duration: 60 * 60 },
  googlePerIp: { points: 30, duration: 15 * 60 },
  createPostPerUser: { points: 30, duration: 10 * 60 },
  linkMetaPerUser: { points: 60, duration: 10 * 60 },
  /** Reel uploads (each costs a transcode) and feature suggestions, per member. */
  reelUploadPerUser: { points: 10, duration: 60 * 60 },
  featureSuggestPerUser: { points: 5, duration: 10 * 60 },
  /** Outbound fetches for previews not yet cached. */
  linkFetchPerUser: { points: 20, duration: 60 },
  /** AI assistant questions (each may call a paid model). */
  aiChatPerUser: { points: 20, duration: 60 },
  /** Follow, unfollow, block and unblock together. */
  followPerUser: { points: 120, duration: 10 * 60 },
  /** Settings: avatar uploads and data exports per member. */
  avatarPerUser: { points: 30, duration: 10 * 60 },
  exportPerUser: { points: 5, duration: 60 * 60 },
  /** Chat attachments, post media and reels together, per member (each request counts once). */
  uploadPerUser: { points: 60, duration: 10 * 60 },
} as const;
export type LimiterName = keyof typeof SPECS;

export interface Limiters {
  /** Consumes one point; throws a 429 AppError when the key is over its limit. */
  consume(name: LimiterName, key: string): Promise<void>;
  reset(name: LimiterName, key: string): Promise<void>;
}

export function createLimiters(redis?: Redis): Limiters {
  const made = new Map<LimiterName, RateLimiterAbstract>();
  const get = (name: LimiterName): RateLimiterAbstract => {
    let l = made.get(name);
    if (!l) {
      const spec = { ...SPECS[name], keyPrefix: `rl:${name}` };
      l = redis ? new RateLimiterRedis({ ...spec, storeClient: redis }) : new RateLimiterMemory(spec);
      made.set(name, l);
    }
    return l;
  };
  return {
    async consume(name, key) {
      try {
        await get(name).consume(key.toLowerCase());
      } catch (err) {
        if (err instanceof RateLimiterRes) {
          throw new RateLimitedError(Messages.server.rateLimited, Math.max(1, Math.ceil(err.msBeforeNext / 1000)));
        }
        throw err;
      }
    },
    async reset(name, key) {
      await get(name).delete(key.toLowerCase());
    },
  };
}
