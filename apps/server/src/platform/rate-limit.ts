/**
 * Rate limits with rate-limiter-flexible: in memory on one node, in Redis when REDIS_URL links several.
 * Each limiter is "N attempts per window per key"; keys are IPs, accounts or users.
 */
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import { Messages } from '@sajha/contract';
import { RateLimitedError } from './errors.js';

export const SPECS = {
  loginPerIp: { points: 30, duration: 15 * 60 },
  loginPerAccount: { points: 10, duration: 15 * 60 },
  /**
   * Sign-up per client address: attempts (each may cost a password hash), and sign-ups answered "done"
   * (at most 5 per 30 minutes, checked before and counted after; features/signup).
   */
  registerPerIp: { points: 20, duration: 30 * 60 },
  signupsPerIp: { points: 5, duration: 30 * 60 },
  /** Bot-check challenges handed out per address (each page with the check fetches one). */
  challengePerIp: { points: 60, duration: 10 * 60 },
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
  /**
   * Calls placed (each rings every tab of the callee and leaves a line in their chat): per caller, and
   * per (caller, callee) so one member cannot be rung over and over.
   */
  callsPerCaller: { points: 5, duration: 60 },
  callsPerPair: { points: 3, duration: 60 },
  /** AI assistant questions (each may call a paid model). */
  aiChatPerUser: { points: 20, duration: 60 },
  /** Help-centre searches per address (visitors may search; typing fires one after each pause). */
  helpSearchPerIp: { points: 120, duration: 60 },
  /** Searches and suggestions per member (typing fires one after each pause; a page of results one each). */
  searchPerUser: { points: 120, duration: 60 },
  /** Follow, unfollow, block and unblock together. */
  followPerUser: { points: 120, duration: 10 * 60 },
  /** Settings: avatar uploads and data exports per member. */
  avatarPerUser: { points: 30, duration: 10 * 60 },
  exportPerUser: { points: 5, duration: 60 * 60 },
  /** Reports: enough for a bad day, not for flooding the moderators' queue. */
  reportPerUser: { points: 30, duration: 60 * 60 },
  /**
   * Failed sign-ins per account from browsers the account has never used: a loose cap against guessing
   * from many addresses. Known devices are exempt, so a stranger cannot lock the owner out with it.
   */
  loginFailPerAccount: { points: 50, duration: 15 * 60 },
  /**
   * Per email address, whether or not it has an account (so the answers cannot tell): one sign-up code
   * request per 120 s (the spec's cooldown), and five wrong codes until a new code is asked for.
   */
  codeRequestPerEmail: { points: 1, duration: 120 },
  codeGuessPerEmail: { points: 5, duration: 15 * 60 },
  /**
   * Two-factor codes checked per account, whatever the challenge or address (a challenge takes five): a
   * password thief signing in again and again from many addresses still gets ten guesses per 15 minutes.
   */
  twoFactorGuessPerAccount: { points: 10, duration: 15 * 60 },
  /** One notice per (recipient, actor, target and type) in 10 minutes: a like toggled 20 times tells once. */
  notifyCoalesce: { points: 1, duration: 10 * 60 },
  /** One notification mail per recipient in 5 minutes; the rest roll up into one later mail. */
  mailPerRecipient: { points: 1, duration: 5 * 60 },
  mailRollupPerRecipient: { points: 1, duration: 5 * 60 },
  /** Chat attachments, post media and reels together, per member (each request counts once). */
  uploadPerUser: { points: 60, duration: 10 * 60 },
} as const;
export type LimiterName = keyof typeof SPECS;

/**
 * Exponential back-off per key: the first `free` failures cost nothing, then each further failure makes
 * the key wait 1, 2, 4... seconds (at most `maxWait`) before its next attempt; failures are forgotten
 * `window` seconds after the last one, or at once on success.
 */
const BACKOFFS = {
  /** Sign-in failures per (account, address): the owner elsewhere is never slowed by a stranger. */
  loginBackoff: { free: 5, window: 60 * 60, maxWait: 15 * 60 },
} as const;
export type BackoffName = keyof typeof BACKOFFS;

export interface Limiters {
  /** Consumes one point; throws a 429 AppError when the key is over its limit. */
  consume(name: LimiterName, key: string): Promise<void>;
  reset(name: LimiterName, key: string): Promise<void>;
  /** Throws a 429 (with its Retry-After) when the key is already over its limit; consumes nothing. */
  check(name: LimiterName, key: string): Promise<void>;
  /** Takes one point if the key has one left: true, else false (no error). */
  attempt(name: LimiterName, key: string): Promise<boolean>;
  /** Points the key has used in its current window. */
  used(name: LimiterName, key: string): Promise<number>;
  /** Counts one point against the key without refusing (the refusal comes from check()). */
  charge(name: LimiterName, key: string): Promise<void>;
  /** Gives back one point consumed for an attempt that turned out to be no abuse (a right code). */
  refund(name: LimiterName, key: string): Promise<void>;
  /** Throws a 429 while the key is in its back-off wait. */
  backoffCheck(name: BackoffName, key: string): Promise<void>;
  /** Records a failure; returns the seconds the key must now wait (0 while failures are free). */
  backoffFail(name: BackoffName, key: string): Promise<number>;
  backoffReset(name: BackoffName, key: string): Promise<void>;
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
  const made2 = new Map<string, RateLimiterAbstract>();
  const make = (keyPrefix: string, points: number, duration: number): RateLimiterAbstract => {
    let l = made2.get(keyPrefix);
    if (!l) {
      const spec = { points, duration, keyPrefix };
      l = redis ? new RateLimiterRedis({ ...spec, storeClient: redis }) : new RateLimiterMemory(spec);
      made2.set(keyPrefix, l);
    }
    return l;
  };
  // A back-off is two stores: the failure count, and a "wait until" block of one point.
  const failures = (name: BackoffName) => make(`rl:${name}:n`, 1_000_000, BACKOFFS[name].window);
  const waits = (name: BackoffName) => make(`rl:${name}:w`, 1, BACKOFFS[name].maxWait);
  const refuseIfOver = (res: RateLimiterRes | null, points: number): void => {
    if (res && res.consumedPoints >= points && res.msBeforeNext > 0)
      throw new RateLimitedError(Messages.server.rateLimited, Math.max(1, Math.ceil(res.msBeforeNext / 1000)));
  };
  return {
    async check(name, key) {
      refuseIfOver(await get(name).get(key.toLowerCase()), SPECS[name].points);
    },
    async attempt(name, key) {
      try {
        await get(name).consume(key.toLowerCase());
        return true;
      } catch (err) {
        if (err instanceof RateLimiterRes) return false;
        throw err;
      }
    },
    async used(name, key) {
      return (await get(name).get(key.toLowerCase()))?.consumedPoints ?? 0;
    },
    async charge(name, key) {
      await get(name)
        .penalty(key.toLowerCase(), 1)
        .catch(() => undefined);
    },
    async refund(name, key) {
      await get(name)
        .reward(key.toLowerCase(), 1)
        .catch(() => undefined);
    },
    async backoffCheck(name, key) {
      refuseIfOver(await waits(name).get(key.toLowerCase()), 1);
    },
    async backoffFail(name, key) {
      const spec = BACKOFFS[name];
      const res = await failures(name).penalty(key.toLowerCase(), 1);
      const over = res.consumedPoints - spec.free;
      if (over <= 0) return 0;
      const seconds = Math.min(spec.maxWait, 2 ** Math.min(over - 1, 30));
      await waits(name).block(key.toLowerCase(), seconds);
      return seconds;
    },
    async backoffReset(name, key) {
      await Promise.all([failures(name).delete(key.toLowerCase()), waits(name).delete(key.toLowerCase())]);
    },
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
