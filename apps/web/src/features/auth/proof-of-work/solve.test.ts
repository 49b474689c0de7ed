import { createHash } from 'node:crypto';
import { leadingZeroBits } from '@remit/contract';
import { describe, expect, it } from 'vitest';
import { sha256 } from './sha256';
import { searchNonce } from './solve';
import { solveProofOfWork } from './solve-proof-of-work';

const nodeDigest = (text: string) => createHash('sha256').update(text).digest();

describe('proof-of-work solver (docs/product/auth-and-sessions.md#sign-up-on-shared-networks)', () => {
  it('hashes like SHA-256 for every length around the block boundaries', () => {
    for (let len = 0; len < 200; len++) {
      const data = new Uint8Array(len).map((_, i) => (i * 31 + 7) & 255);
      expect(Buffer.from(sha256(data)).toString('hex')).toBe(createHash('sha256').update(data).digest('hex'));
    }
  });

  it('finds the first nonce meeting the difficulty, for short, long and non-ASCII challenges', () => {
    for (const challenge of [
      'c',
      'x'.repeat(62),
      `1764186000000.12.${'a'.repeat(22)}.${'b'.repeat(43)}`,
      'é'.repeat(40),
    ]) {
      const nonce = searchNonce(challenge, 8, 0, 1_000_000)!;
      expect(leadingZeroBits(nodeDigest(`${challenge}:${nonce}`))).toBeGreaterThanOrEqual(8);
      for (let n = 0; n < Number(nonce); n++) expect(leadingZeroBits(nodeDigest(`${challenge}:${n}`))).toBeLessThan(8);
    }
    expect(searchNonce('c', 30, 0, 10)).toBeNull();
  });

  it('solves without a Web Worker, in chunks', async () => {
    const nonce = await solveProofOfWork('chunks', 12);
    expect(leadingZeroBits(nodeDigest(`chunks:${nonce}`))).toBeGreaterThanOrEqual(12);
  });
});
