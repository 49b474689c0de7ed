import { z } from 'zod';

/**
 * Sign-up on shared networks (docs/product/auth-and-sessions.md#sign-up-on-shared-networks): once an
 * address (or a browser) is busy, POST /client/v1/signup answers 428 with this `code`, a `challenge`
 * and a `difficulty`; the client finds a `nonce` such that SHA-256(`${challenge}:${nonce}`) (UTF-8)
 * starts with at least `difficulty` zero bits, and sends the sign-up again with `proof_of_work`.
 */
export const PROOF_OF_WORK_REQUIRED = 'proof_of_work_required';

/** The proof a sign-up carries: the challenge as issued, and the nonce found (decimal digits). */
export const ProofOfWork = z.object({
  challenge: z.string().max(512),
  nonce: z.string().max(32),
});
export type ProofOfWork = z.infer<typeof ProofOfWork>;

/**
 * Wire shapes of the auth requests. They are deliberately loose (strings, possibly empty):
 * the api checks the content itself so it can answer a Laravel-style 422 with a message per field.
 */
export const SignUpRequest = z.object({
  email: z.string(),
  password: z.string(),
  confirm_password: z.string(),
  /** The answer to a 428 `proof_of_work_required` (ProofOfWorkRequiredBody); absent otherwise. */
  proof_of_work: ProofOfWork.optional(),
});
export type SignUpRequest = z.infer<typeof SignUpRequest>;

export const SignInRequest = z.object({
  email: z.string(),
  password: z.string(),
  remember: z.boolean().optional(),
});
export type SignInRequest = z.infer<typeof SignInRequest>;

/** Limits shared by client and server. */
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MAX_LENGTH = 128;

/** The 428 body of a sign-up that needs a proof of work first. */
export const ProofOfWorkRequiredBody = z.object({
  message: z.string(),
  code: z.literal(PROOF_OF_WORK_REQUIRED),
  /** Signed by the api, bound to the address, single use, valid a few minutes. */
  challenge: z.string(),
  /** Leading zero bits the hash must have. */
  difficulty: z.number().int().min(0).max(64),
});
export type ProofOfWorkRequiredBody = z.infer<typeof ProofOfWorkRequiredBody>;

/** The text hashed for a proof of work: `${challenge}:${nonce}`. */
export const proofOfWorkInput = (challenge: string, nonce: string): string => `${challenge}:${nonce}`;

/** Leading zero bits of a digest (the proof-of-work difficulty it meets). */
export function leadingZeroBits(digest: Uint8Array): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}
