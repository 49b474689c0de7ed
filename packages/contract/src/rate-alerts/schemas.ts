import { z } from 'zod';
import { Id, NullableTimestamp, Timestamp } from '../common/primitives.ts';
import { DecimalRate } from '../money/schemas.ts';

/**
 * Rate alerts (docs/product/rate-alerts.md): "tell me when 1 GBP gets 1.16 EUR". After each rates
 * refresh a durable job compares every active alert with our customer rate for its corridor (the
 * rate the calculator shows: mid-market less our margin); once it is at or above `target_rate` the
 * alert is `triggered`, pushed as `RateAlertTriggered` and mailed once.
 */

/** At most this many alerts per customer, whatever their status (docs/product/rate-alerts.md#rules). */
export const RATE_ALERTS_MAX = 10;

export const RATE_ALERTS_LIMIT_REACHED = `You can have at most ${RATE_ALERTS_MAX} rate alerts. Delete one to add another.`;
export const RATE_ALERT_NO_CORRIDOR = 'We do not send to this country in this currency from this currency.';
export const RATE_ALERT_NOTHING_TO_CHANGE = 'Give a new status or a new target rate.';

/** `triggered` once our rate reached the target; PATCH with `active` or a new target re-arms it. */
export const RateAlertStatus = z.enum(['active', 'paused', 'triggered']);
export type RateAlertStatus = z.infer<typeof RateAlertStatus>;

/** ISO 4217 or ISO 3166-1 alpha-2, upper case (lower case is accepted and upper-cased). */
const Code = (length: 2 | 3) =>
  z
    .string()
    .trim()
    .toUpperCase()
    .regex(length === 2 ? /^[A-Z]{2}$/ : /^[A-Z]{3}$/);

export const RateAlert = z.object({
  id: Id,
  source_currency: z.string(),
  target_country: z.string(),
  target_currency: z.string(),
  /** Target units for one source unit, a decimal string ("1.16"); the alert fires at or above it. */
  target_rate: DecimalRate,
  status: RateAlertStatus,
  created_at: Timestamp,
  /** When it fired, while `triggered`; null otherwise. */
  triggered_at: NullableTimestamp,
});
export type RateAlert = z.infer<typeof RateAlert>;

/** GET /client/v1/rate-alerts: newest first, at most {@link RATE_ALERTS_MAX}. */
export const RateAlertList = z.object({ data: z.array(RateAlert) });
export type RateAlertList = z.infer<typeof RateAlertList>;

/** POST /client/v1/rate-alerts. */
export const RateAlertRequest = z.object({
  source_currency: Code(3),
  target_country: Code(2),
  target_currency: Code(3),
  target_rate: DecimalRate,
});
export type RateAlertRequest = z.infer<typeof RateAlertRequest>;

/**
 * PATCH /client/v1/rate-alerts/{id}: pause (`paused`), resume (`active`) or a new `target_rate` (at
 * least one). A triggered alert given `active` or a new target is armed again.
 */
export const RateAlertUpdate = z.object({
  status: z.enum(['active', 'paused']).optional(),
  target_rate: DecimalRate.optional(),
});
export type RateAlertUpdate = z.infer<typeof RateAlertUpdate>;

/** Payload of the realtime event `RateAlertTriggered` (docs/product/realtime.md#events). */
export const RateAlertTriggeredPayload = z
  .object({
    alert_id: z.string(),
    source_currency: z.string(),
    target_currency: z.string(),
    target_country: z.string(),
    target_rate: z.string(),
    /** Our customer rate that reached the target. */
    rate: z.string(),
  })
  .loose();
export type RateAlertTriggeredPayload = z.infer<typeof RateAlertTriggeredPayload>;
