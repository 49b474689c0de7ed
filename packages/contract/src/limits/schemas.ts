import { z } from 'zod';
import { Id, Timestamp } from '../common/primitives.ts';
import { NonNegativeMinorUnits } from '../money/schemas.ts';
import { TransactionStatus } from '../transactions/schemas.ts';

/**
 * Limits and eligibility (docs/product/money-movement.md#limits): per transfer and over a rolling
 * 30 days, in GBP minor units (send amounts are converted at the mid-market rate); the level by
 * verification, whether the customer may send, and what is left to finish.
 */
export const LimitsLevel = z.enum(['unverified', 'basic', 'verified']);
export type LimitsLevel = z.infer<typeof LimitsLevel>;

/** One thing to finish before sending: a task code, its words and the web route that does it. */
export const LimitsMissingItem = z.object({ code: z.string(), text: z.string(), link: z.string() });
export type LimitsMissingItem = z.infer<typeof LimitsMissingItem>;

/**
 * A transfer that counts against the rolling 30-day limit (docs/product/money-movement.md#limits):
 * from its confirmation until it can no longer be paid (cancelled, expired, refunded), for 30 days
 * after it was confirmed. `amount` is its send amount in GBP minor units at the mid-market rate of
 * its confirmation; `counts_until` is when it stops counting if nothing else happens.
 */
export const LimitsCountedTransfer = z.object({
  transaction_id: Id,
  recipient_name: z.string(),
  status: TransactionStatus,
  source_amount: NonNegativeMinorUnits,
  source_currency: z.string(),
  amount: NonNegativeMinorUnits,
  created_at: Timestamp,
  counts_until: Timestamp,
});
export type LimitsCountedTransfer = z.infer<typeof LimitsCountedTransfer>;

export const Limits = z.object({
  level: LimitsLevel,
  per_transfer: z.object({ amount: NonNegativeMinorUnits, currency: z.string() }),
  rolling_30_days: z.object({
    amount: NonNegativeMinorUnits,
    used: NonNegativeMinorUnits,
    remaining: NonNegativeMinorUnits,
    currency: z.string(),
    /** What makes up `used`, newest first (at most 100). */
    counted: z.array(LimitsCountedTransfer),
  }),
  can_send: z.boolean(),
  missing: z.array(LimitsMissingItem),
});
export type Limits = z.infer<typeof Limits>;
