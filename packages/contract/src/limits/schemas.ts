import { z } from 'zod';
import { NonNegativeMinorUnits } from '../money/schemas.ts';

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

export const Limits = z.object({
  level: LimitsLevel,
  per_transfer: z.object({ amount: NonNegativeMinorUnits, currency: z.string() }),
  rolling_30_days: z.object({
    amount: NonNegativeMinorUnits,
    used: NonNegativeMinorUnits,
    remaining: NonNegativeMinorUnits,
    currency: z.string(),
  }),
  can_send: z.boolean(),
  missing: z.array(LimitsMissingItem),
});
export type Limits = z.infer<typeof Limits>;
