/**
 * The bot check: an ALTCHA proof-of-work (altcha-lib, PoW v2, self-hosted, no third party). A visitor's
 * browser fetches a signed challenge and finds the counter whose PBKDF2 key starts with the signed prefix;
 * sign-up, resend-code and reset requests carry the solution. Deterministic mode: the server picks the
 * counter and signs the key it leads to, so checking a solution is two HMACs, never a key derivation.
 * A solution counts once, on every node: spent ones are kept (spent_challenges) until their challenge
 * expires. The HMAC key is ALTCHA_HMAC_KEY, or one generated once and kept in server_settings.
 */
import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import { createChallenge, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { SignupMessages } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { serverSettings, spentChallenges } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';

const ALGORITHM = 'PBKDF2/SHA-256';
/** Long enough to fill in the sign-up form after the check solved itself on load. */
export const CHALLENGE_TTL_MS = 30 * 60_000;

interface Secrets {
  /** Signs the challenge's parameters. */
  challenge: string;
  /** Signs the key the right counter derives (checked instead of deriving it again). */
  key: string;
}

type SecretDeps = Pick<AppDeps, 'db' | 'config'>;
const cache = new WeakMap<SecretDeps, Promise<Secrets>>();

function secretsOf(deps: SecretDeps): Promise<Secrets> {
  let p = cache.get(deps);
  if (!p) {
    p = loadSecrets(deps);
    p.catch(() => cache.delete(deps)); // a failed read is tried again by the next request
    cache.set(deps, p);
  }
  return p;
}

async function loadSecrets(deps: SecretDeps): Promise<Secrets> {
  let master = deps.config.altcha.hmacKey;
  if (!master) {
    // First node to start wins; the others read what it stored (as the VAPID keys).
    const generated = { hmacKey: randomBytes(32).toString('hex') };
    await deps.db.insert(serverSettings).values({ key: 'altcha', value: generated }).onConflictDoNothing();
    const [row] = await deps.db.select().from(serverSettings).where(eq(serverSettings.key, 'altcha'));
    master = (row!.value as typeof generated).hmacKey;
  }
  const derive = (purpose: string) => createHmac('sha256', master).update(purpose).digest('hex');
  return { challenge: derive('altcha-challenge'), key: derive('altcha-derived-key') };
}

/** A fresh challenge: the solver tries counters from 0 up to one the server drew from the top half of the range. */
export async function issueChallenge(deps: SecretDeps, ttlMs = CHALLENGE_TTL_MS): Promise<Challenge> {
  const { maxNumber, cost } = deps.config.altcha;
  const secrets = await secretsOf(deps);
  return createChallenge({
    algorithm: ALGORITHM,
    cost,
    counter: randomInt(Math.ceil(maxNumber / 2), maxNumber + 1),
    deriveKey,
    expiresAt: new Date(Date.now() + ttlMs),
    hmacSignatureSecret: secrets.challenge,
    hmacKeySignatureSecret: secrets.key,
  });
}

/** The widget's payload: base64 of JSON {challenge, solution}; anything else is no solution. */
function decode(payload: string): { challenge: Challenge; solution: Solution } | null {
  try {
    const value = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const { challenge, solution } = value as Record<string, unknown>;
    if (typeof challenge !== 'object' || challenge === null || typeof solution !== 'object' || solution === null)
      return null;
    const c = challenge as Challenge;
    if (typeof c.parameters !== 'object' || c.parameters === null || typeof c.signature !== 'string') return null;
    return { challenge: c, solution: solution as Solution };
  } catch {
    return null;
  }
}

const failed = () => new AppError(SignupMessages.botCheckFailed, 400, 'altcha');

/**
 * Resolves when `payload` is a solution of a challenge this server signed, not expired and not used
 * before (it is now spent); otherwise refuses with the bot check's message. Nothing is asked while
 * ALTCHA_ENABLED is off.
 */
export async function requireBotCheck(deps: AppDeps, payload: string | undefined): Promise<void> {
  if (!deps.config.altcha.enabled) return;
  if (!payload) throw new AppError(SignupMessages.botCheckMissing, 400, 'altcha');
  const decoded = decode(payload);
  if (!decoded) throw failed();
  const secrets = await secretsOf(deps);
  let result;
  try {
    result = await verifySolution({
      ...decoded,
      deriveKey,
      hmacSignatureSecret: secrets.challenge,
      hmacKeySignatureSecret: secrets.key,
    });
  } catch {
    throw failed();
  }
  if (result.expired) throw new AppError(SignupMessages.botCheckExpired, 400, 'altcha');
  if (!result.verified) throw failed();
  // Every challenge we sign carries its expiry; the fallback only keeps an odd one spent long enough.
  const expiresAt = new Date((decoded.challenge.parameters.expiresAt ?? 0) * 1000 || Date.now() + CHALLENGE_TTL_MS);
  // Spent checks are few (one per sign-up or code request): the expired ones go as new ones come.
  await deps.db.delete(spentChallenges).where(lt(spentChallenges.expiresAt, new Date()));
  const spent = await deps.db
    .insert(spentChallenges)
    .values({ id: decoded.challenge.signature!, expiresAt })
    .onConflictDoNothing()
    .returning({ id: spentChallenges.id });
  if (!spent.length) throw failed();
}
