import type { Customer, ProofOfWork, ProofOfWorkRequiredBody, SignUpRequest } from '@remit/contract';
import { loadApi } from '@/lib/api-loader';
import { callEndpoint } from '@/lib/call-endpoint';
import { getCsrfCookie } from '@/lib/csrf-cookie';

/** Proofs solved for one sign-up at most: a proof can be too easy by the time it arrives on a busy network. */
const MAX_PROOFS = 3;

/** The challenge of a 428 `proof_of_work_required`, else null (read structurally, like lib/api-errors). */
async function proofOfWorkAsked(error: unknown): Promise<ProofOfWorkRequiredBody | null> {
  const response = (error as { response?: { status?: unknown; data?: unknown } } | null)?.response;
  if (response?.status !== 428) return null;
  const { contract } = await loadApi();
  const body = contract.ProofOfWorkRequiredBody.safeParse(response.data);
  return body.success ? body.data : null;
}

/**
 * POST /client/v1/signup, after the csrf cookie. A busy network is asked for a proof of work first
 * (docs/product/auth-and-sessions.md#sign-up-on-shared-networks): the challenge is solved off the
 * page (a Web Worker) while `onChecking` lets the screen say so, and the sign-up is sent again with
 * it. The screen then stores the customer (lib/customer-store, loaded on success;
 * docs/product/auth-and-sessions.md#sign-up).
 */
export async function signUp(body: SignUpRequest, onChecking?: () => void): Promise<Customer> {
  await getCsrfCookie();
  let proof: ProofOfWork | undefined;
  for (let proofs = 0; ; proofs++) {
    try {
      return await callEndpoint((contract) => contract.authEndpoints.signUp, {
        body: proof ? { ...body, proof_of_work: proof } : body,
      });
    } catch (error) {
      const asked = proofs < MAX_PROOFS ? await proofOfWorkAsked(error) : null;
      if (!asked) throw error;
      onChecking?.();
      const { solveProofOfWork } = await import('../proof-of-work/solve-proof-of-work');
      proof = { challenge: asked.challenge, nonce: await solveProofOfWork(asked.challenge, asked.difficulty) };
    }
  }
}
