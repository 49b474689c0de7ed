import { searchNonce } from './solve';

/** Nonces tried between two pauses when no worker is available: the page keeps answering. */
const CHUNK = 2_000;

function inWorker(challenge: string, difficulty: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./proof-of-work.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<{ nonce: string }>) => {
      worker.terminate();
      resolve(event.data.nonce);
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || 'proof-of-work worker failed'));
    };
    worker.postMessage({ challenge, difficulty });
  });
}

async function inChunks(challenge: string, difficulty: number): Promise<string> {
  for (let from = 0; ; from += CHUNK) {
    const nonce = searchNonce(challenge, difficulty, from, from + CHUNK);
    if (nonce !== null) return nonce;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

/**
 * The nonce that answers a sign-up challenge (docs/product/auth-and-sessions.md#sign-up-on-shared-networks):
 * in a Web Worker, else (no worker, or it failed) in small chunks on the page.
 */
export async function solveProofOfWork(challenge: string, difficulty: number): Promise<string> {
  if (typeof Worker !== 'undefined') {
    try {
      return await inWorker(challenge, difficulty);
    } catch {
      // fall through: the page solves it itself
    }
  }
  return inChunks(challenge, difficulty);
}
