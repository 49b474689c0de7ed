import type { Limits, LimitsCountedTransfer } from '@remit/contract';

const DAY_MS = 86_400_000;

/**
 * The limits of a verified customer (docs/product/money-movement.md#limits): 10,000 GBP per transfer,
 * 25,000 GBP over 30 days, nothing counted yet unless `counted` says so (then `used` and `remaining`
 * add up its amounts).
 */
export function buildLimits(
  seed: Partial<Omit<Limits, 'rolling_30_days'>> & { counted?: LimitsCountedTransfer[] } = {},
) {
  const { counted = [], ...rest } = seed;
  const used = counted.reduce((sum, c) => sum + BigInt(c.amount), 0n);
  const amount = 2_500_000n;
  const remaining = used >= amount ? 0n : amount - used;
  const limits: Limits = {
    level: 'verified',
    per_transfer: { amount: '1000000', currency: 'GBP' },
    rolling_30_days: {
      amount: amount.toString(),
      used: used.toString(),
      remaining: remaining.toString(),
      currency: 'GBP',
      counted,
    },
    can_send: true,
    missing: [],
    ...rest,
  };
  return limits;
}

/** A transfer that counts: confirmed `daysAgo` days ago, counting for 30 days from then. */
export function countedTransfer(
  seed: Partial<LimitsCountedTransfer> & { daysAgo?: number } = {},
): LimitsCountedTransfer {
  const { daysAgo = 2, ...rest } = seed;
  const created = Date.parse('2026-11-20T10:00:00.000Z') - daysAgo * DAY_MS;
  return {
    transaction_id: '5e0c1d2a-0000-4000-9000-000000000001',
    recipient_name: 'Hans Müller',
    status: 'awaiting_payment',
    source_amount: '25000',
    source_currency: 'GBP',
    amount: '25000',
    created_at: new Date(created).toISOString(),
    counts_until: new Date(created + 30 * DAY_MS).toISOString(),
    ...rest,
  };
}

/** A customer who may not send yet: the documents are still to approve. */
export function unverifiedLimits(): Limits {
  return buildLimits({
    level: 'basic',
    can_send: false,
    missing: [
      {
        code: 'account_verification',
        text: 'Verify your account: Upload a proof of identity document and have it approved.',
        link: '/account-verification',
      },
    ],
  });
}
