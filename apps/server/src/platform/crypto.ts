import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A url-safe random token with 256 bits of entropy. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** Tokens are high-entropy, so a fast hash is enough to keep them useless if the table leaks. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

export const sixDigitCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

export function safeEqualHex(a: string, b: string): boolean {
  const ab = Buffer.from(a, 'hex');
  const bb = Buffer.from(b, 'hex');
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
