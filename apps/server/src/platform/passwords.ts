import argon2 from 'argon2';

/** argon2id with the library's recommended cost (64 MiB, 3 passes). */
let options: argon2.HashOptions & { raw?: false } = { type: argon2.argon2id };

/**
 * Tests only (called by the test harnesses, never by the server): a cheap argon2id so suites that sign
 * in hundreds of times are not timed by hashing. Verification reads the cost from each stored hash.
 */
export function useCheapPasswordHashesForTests(): void {
  options = { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 };
}

export const hashPassword = (password: string): Promise<string> => argon2.hash(password, options);

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (!hash) return false;
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so timing does not reveal it. */
let dummy: Promise<string> | undefined;
export const dummyHash = (): Promise<string> => (dummy ??= hashPassword('not-a-real-password-0'));
