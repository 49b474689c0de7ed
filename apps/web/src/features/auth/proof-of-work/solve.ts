import { compress, initialState, pad } from './sha256';

/** Leading zero bits of a state's digest (the difficulty it meets), read from its words. */
function leadingZeroBits(state: Int32Array): number {
  let bits = 0;
  for (let i = 0; i < 8; i++) {
    const word = state[i]!;
    if (word !== 0) return bits + Math.clz32(word);
    bits += 32;
  }
  return bits;
}

/**
 * Try the decimal nonces `from` to `to - 1`: the first whose SHA-256(`challenge:nonce`) (UTF-8)
 * starts with `difficulty` zero bits (docs/product/auth-and-sessions.md#sign-up-on-shared-networks),
 * else null. The constant blocks of `challenge:` are compressed once.
 */
export function searchNonce(challenge: string, difficulty: number, from: number, to: number): string | null {
  const prefix = new TextEncoder().encode(`${challenge}:`);
  const full = prefix.length - (prefix.length % 64);
  const mid = initialState();
  for (let off = 0; off < full; off += 64) compress(mid, prefix, off);
  const rest = prefix.length - full;
  const tail = new Uint8Array(128);
  const state = new Int32Array(8);
  for (let n = from; n < to; n++) {
    const nonce = String(n);
    tail.set(prefix.subarray(full));
    for (let i = 0; i < nonce.length; i++) tail[rest + i] = nonce.charCodeAt(i);
    const size = pad(tail, rest + nonce.length, prefix.length + nonce.length);
    state.set(mid);
    for (let off = 0; off < size; off += 64) compress(state, tail, off);
    if (leadingZeroBits(state) >= difficulty) return nonce;
  }
  return null;
}
