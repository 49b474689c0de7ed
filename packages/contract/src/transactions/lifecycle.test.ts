import { describe, expect, it } from 'vitest';
import { CANCELLABLE, TRANSITIONS, canTransition, isFinal } from './lifecycle.ts';
import { TransactionStatus } from './schemas.ts';

const statuses = TransactionStatus.options;

describe('transaction lifecycle', () => {
  it('names every status, and only known statuses', () => {
    expect(Object.keys(TRANSITIONS).sort()).toEqual([...statuses].sort());
    for (const targets of Object.values(TRANSITIONS)) for (const t of targets) expect(statuses).toContain(t);
  });

  it('the happy path is allowed step by step', () => {
    const path = ['awaiting_payment', 'payment_processing', 'paid', 'processing', 'completed'] as const;
    for (let i = 1; i < path.length; i++) expect(canTransition(path[i - 1]!, path[i]!)).toBe(true);
  });

  it('final statuses have no way out, and every status can reach a final one', () => {
    expect(statuses.filter(isFinal).sort()).toEqual(['completed', 'expired', 'refunded']);
    for (const start of statuses) {
      const seen = new Set<TransactionStatus>([start]);
      const queue: TransactionStatus[] = [start];
      while (queue.length) {
        for (const n of TRANSITIONS[queue.shift()!]) {
          if (seen.has(n)) continue;
          seen.add(n);
          queue.push(n);
        }
      }
      expect([...seen].some(isFinal)).toBe(true);
    }
  });

  it.each([
    ['completed', 'refunded'],
    ['processing', 'cancelled'],
    ['paid', 'awaiting_payment'],
    ['expired', 'paid'],
    ['refunded', 'processing'],
    ['awaiting_payment', 'completed'],
  ] as const)('refuses %s → %s', (from, to) => {
    expect(canTransition(from, to)).toBe(false);
  });

  it('a transfer can be cancelled only before its payout starts', () => {
    for (const s of statuses) expect(CANCELLABLE.includes(s)).toBe(canTransition(s, 'cancelled'));
  });
});
