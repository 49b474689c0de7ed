// The tests' own proof-of-work solver (docs/product/auth-and-sessions.md#sign-up-on-shared-networks):
// what the web app's worker does, in node.
import { hash } from 'node:crypto';
import {
  PROOF_OF_WORK_REQUIRED,
  ProofOfWorkRequiredBody,
  authEndpoints,
  leadingZeroBits,
  proofOfWorkInput,
  type ProofOfWork,
} from '@remit/contract';
import type { Client } from '../helpers.ts';

/** The first decimal nonce whose SHA-256(`challenge:nonce`) has `difficulty` leading zero bits. */
export function solve(challenge: string, difficulty: number): ProofOfWork {
  for (let n = 0; ; n++) {
    const nonce = String(n);
    if (leadingZeroBits(hash('sha256', proofOfWorkInput(challenge, nonce), 'buffer')) >= difficulty) {
      return { challenge, nonce };
    }
  }
}

/** A nonce that does not meet the difficulty (a wrong answer). */
export function wrongNonce(challenge: string, difficulty: number): string {
  for (let n = 0; ; n++) {
    if (leadingZeroBits(hash('sha256', proofOfWorkInput(challenge, String(n)), 'buffer')) < difficulty)
      return String(n);
  }
}

export interface SolvedSignUp {
  statusCode: number;
  /** The difficulty of each proof asked for (empty: none was). */
  difficulties: number[];
  res: Awaited<ReturnType<Client['post']>>;
}

/** A sign-up that solves the proofs of work it is asked for (at most `maxProofs`), as the web app does. */
export async function signUpSolving(
  client: Client,
  body: { email: string; password: string; confirm_password: string },
  maxProofs = 3,
): Promise<SolvedSignUp> {
  const difficulties: number[] = [];
  let proof: ProofOfWork | undefined;
  for (;;) {
    const res = await client.post(authEndpoints.signUp.path, proof ? { ...body, proof_of_work: proof } : body);
    if (res.statusCode !== 428 || difficulties.length >= maxProofs)
      return { statusCode: res.statusCode, difficulties, res };
    const asked = ProofOfWorkRequiredBody.parse(res.json());
    if (asked.code !== PROOF_OF_WORK_REQUIRED) throw new Error('unexpected 428');
    difficulties.push(asked.difficulty);
    proof = solve(asked.challenge, asked.difficulty);
  }
}
