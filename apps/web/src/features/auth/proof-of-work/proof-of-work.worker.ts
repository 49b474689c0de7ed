// The sign-up proof of work off the main thread: the page stays responsive while it runs
// (docs/product/auth-and-sessions.md#sign-up-on-shared-networks).
import { searchNonce } from './solve';

self.onmessage = (event: MessageEvent<{ challenge: string; difficulty: number }>) => {
  const { challenge, difficulty } = event.data;
  let nonce: string | null = null;
  for (let from = 0; nonce === null; from += 1_000_000) {
    nonce = searchNonce(challenge, difficulty, from, from + 1_000_000);
  }
  self.postMessage({ nonce });
};
