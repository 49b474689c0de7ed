import { z } from 'zod';
import { Timestamp } from '../common/primitives.ts';
import { NonNegativeMinorUnits } from '../money/schemas.ts';
import { TransactionDelay, TransactionStatus } from '../transactions/schemas.ts';

/** `POST /client/v1/transactions/{id}/tracking-link`: the link to share and its token (shown once). */
export const TrackingLink = z.object({ url: z.string(), token: z.string() });
export type TrackingLink = z.infer<typeof TrackingLink>;

export const TrackingParams = z.object({ token: z.string().max(200) });

/**
 * What the recipient sees without an account (docs/product/money-movement.md#tracking): the status,
 * what they receive, their first name, the delivery estimate (in words) and the timeline's statuses with their
 * times. Nothing about the sender, no notes, no ids.
 */
export const Tracking = z.object({
  status: TransactionStatus,
  amount: NonNegativeMinorUnits,
  currency: z.string(),
  recipient_first_name: z.string(),
  delivery_estimate: z.string(),
  timeline: z.array(z.object({ status: TransactionStatus, at: Timestamp })),
  /** The expected arrival and the delay, as the sender sees them (docs/product/expected-times.md). */
  expected_at: Timestamp,
  delay: TransactionDelay.nullable(),
});
export type Tracking = z.infer<typeof Tracking>;

/** The token: 32 random bytes, base64url (43 characters). */
export const TRACKING_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
