import argon2 from 'argon2';

/** The argon2id cost of a new hash: memory in KiB and passes (one lane). */
export interface PasswordHashCost {
  memoryCost: number;
  timeCost: number;
}

/**
 * OWASP minimum for argon2id: 19 MiB memory, 2 passes, 1 lane. The default, and the least production
 * accepts (PASSWORD_HASH_MEMORY_KIB and PASSWORD_HASH_TIME_COST, config.ts); the tests lower it.
 */
export const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

const options = (cost: PasswordHashCost) => ({
  ...ARGON2_OPTIONS,
  memoryCost: cost.memoryCost,
  timeCost: cost.timeCost,
});

export function hashPassword(password: string, cost: PasswordHashCost = ARGON2_OPTIONS): Promise<string> {
  return argon2.hash(password, options(cost));
}

/** Checks against the hash's own parameters (they travel in it), whatever the cost of new hashes. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

const dummyHashes = new Map<string, Promise<string>>();
/** A hash to verify against for unknown emails, so both paths spend the same argon2 time. */
export function getDummyHash(cost: PasswordHashCost = ARGON2_OPTIONS): Promise<string> {
  const key = `${cost.memoryCost}:${cost.timeCost}`;
  let hash = dummyHashes.get(key);
  if (!hash) {
    hash = argon2.hash('dummy-password-for-timing-equalisation', options(cost));
    dummyHashes.set(key, hash);
  }
  return hash;
}
