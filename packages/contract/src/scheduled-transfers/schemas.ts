import { z } from 'zod';
import { Id, Timestamp } from '../common/primitives.ts';
import { NonNegativeMinorUnits } from '../money/schemas.ts';
import { RecipientCurrency, RecipientPayoutMethod } from '../recipients/schemas.ts';
import { TransferPurpose } from '../transactions/schemas.ts';

/**
 * Scheduled transfers (docs/product/scheduled-transfers.md, its wire names binding): a fixed send or
 * receive amount to one saved recipient, once on a date or every week or month. On its day a run
 * quotes at the current rate and creates a transfer awaiting payment; it never pays.
 */

export const ScheduleFrequency = z.enum(['once', 'weekly', 'monthly']);
export type ScheduleFrequency = z.infer<typeof ScheduleFrequency>;

export const ScheduleStatus = z.enum(['active', 'paused', 'ended']);
export type ScheduleStatus = z.infer<typeof ScheduleStatus>;

/** Why a run made no transfer (docs/product/scheduled-transfers.md#failed-runs). */
export const ScheduleRunError = z.enum(['quote_unavailable', 'limit_exceeded', 'not_verified', 'recipient_deleted']);
export type ScheduleRunError = z.infer<typeof ScheduleRunError>;

/** A calendar date, `YYYY-MM-DD` (runs go by the UTC date). */
export const ScheduleDate = z.iso.date();

/** At most this many schedules that have not ended, per customer. */
export const MAX_SCHEDULES = 20;
/** The first run (and a moved run) is at most this many days ahead. */
export const MAX_SCHEDULE_DAYS_AHEAD = 366;

export const SCHEDULE_AMOUNT_NEITHER = 'Enter the amount to send or the amount to receive.';
export const SCHEDULE_AMOUNT_BOTH = 'Give the amount to send or the amount to receive, not both.';
export const SCHEDULE_AMOUNT_ZERO = 'Enter an amount above zero.';
export const SCHEDULE_DATE_PAST = 'Choose today or a later date.';
export const SCHEDULE_DATE_FAR = `Choose a date within ${MAX_SCHEDULE_DAYS_AHEAD} days.`;
export const SCHEDULE_TOO_MANY = `You can have at most ${MAX_SCHEDULES} scheduled transfers. Delete one you no longer need.`;

/**
 * The last run's outcome: the transfer it created (awaiting payment), or why it made none (`error`,
 * with `text` in English; the app words it by `code`).
 */
export const ScheduleLastRun = z.object({
  on: ScheduleDate,
  transaction_id: Id.nullable(),
  error: z.object({ code: ScheduleRunError, text: z.string() }).nullable(),
});
export type ScheduleLastRun = z.infer<typeof ScheduleLastRun>;

/**
 * A schedule. Exactly one of `source_amount` (minor units of `source_currency`) and `target_amount`
 * (minor units of `target_currency`) is set, the other is null. `day` is the ISO weekday (1 Monday
 * … 7 Sunday) of a weekly schedule, the day of the month (1-31) of a monthly one, null for `once`;
 * a monthly day 29-31 runs on the last day of a shorter month. `next_run_on` is null once ended.
 */
export const ScheduledTransfer = z.object({
  id: Id,
  recipient_id: Id,
  recipient_name: z.string(),
  source_currency: z.string(),
  target_currency: z.string(),
  target_country: z.string(),
  payout_method: RecipientPayoutMethod,
  source_amount: NonNegativeMinorUnits.nullable(),
  target_amount: NonNegativeMinorUnits.nullable(),
  purpose: TransferPurpose.nullable(),
  reference: z.string(),
  frequency: ScheduleFrequency,
  day: z.number().int().nullable(),
  next_run_on: ScheduleDate.nullable(),
  status: ScheduleStatus,
  last_run: ScheduleLastRun.nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type ScheduledTransfer = z.infer<typeof ScheduledTransfer>;

export const ScheduledTransferList = z.object({ data: z.array(ScheduledTransfer) });
export type ScheduledTransferList = z.infer<typeof ScheduledTransferList>;

/**
 * POST /client/v1/scheduled-transfers: `next_run_on` is the first run (today or later); weekly and
 * monthly schedules repeat on its weekday or day of the month. Exactly one amount.
 */
export const ScheduledTransferRequest = z.object({
  recipient_id: z.string().max(100),
  source_currency: RecipientCurrency,
  source_amount: NonNegativeMinorUnits.optional(),
  target_amount: NonNegativeMinorUnits.optional(),
  /** As a transfer's: required for destinations that need one (docs/product/money-movement.md#transactions). */
  purpose: TransferPurpose.nullable().optional(),
  reference: z.string().max(500).optional(),
  frequency: ScheduleFrequency,
  next_run_on: ScheduleDate,
});
export type ScheduledTransferRequest = z.infer<typeof ScheduledTransferRequest>;

/**
 * PATCH /client/v1/scheduled-transfers/{id}: what changes. An amount replaces the one set (give one
 * of the two); a new `next_run_on` also moves the weekday or day of the month; `status` pauses or
 * resumes (an ended schedule cannot be resumed).
 */
export const ScheduledTransferUpdate = z.object({
  source_amount: NonNegativeMinorUnits.optional(),
  target_amount: NonNegativeMinorUnits.optional(),
  frequency: ScheduleFrequency.optional(),
  next_run_on: ScheduleDate.optional(),
  status: z.enum(['active', 'paused']).optional(),
});
export type ScheduledTransferUpdate = z.infer<typeof ScheduledTransferUpdate>;

/** Payload of the realtime event ScheduledTransferRan (docs/product/realtime.md). */
export const ScheduledTransferRanPayload = z
  .object({
    scheduled_transfer_id: z.string(),
    on: z.string(),
    transaction_id: z.string().nullable(),
    error_code: ScheduleRunError.nullable(),
  })
  .loose();
export type ScheduledTransferRanPayload = z.infer<typeof ScheduledTransferRanPayload>;
