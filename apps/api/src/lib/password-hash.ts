import argon2 from 'argon2';

/** OWASP minimum for argon2id: 19 MiB memory, 2 passes, 1 lane. */
export const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** A hash to verify against for unknown emails, so both paths spend the same argon2 time. */
export function getDummyHash(): Promise<string> {
  dummyHash ??= argon2.hash('dummy-password-for-timing-equalisation', ARGON2_OPTIONS);
  return dummyHash;
}
