import { z } from 'zod';
import { TransactionHold } from '../holds/schemas.ts';
import { CursorPageQuery, cursorPage, Id, IdParams, Timestamp } from '../common/primitives.ts';
import { PayInMethod, PayoutMethod } from '../corridors/schemas.ts';
import { DecimalRate, NonNegativeMinorUnits } from '../money/schemas.ts';
import { QuoteFee } from '../quotes/schemas.ts';

/**
 * Transactions (docs/product/money-movement.md#transactions, #wire-names): a confirmed transfer, made
 * from a quote and a recipient. Amounts are strings of minor units (`target_amount` in the target
 * currency, the rest in the source currency), rates decimal strings, times ISO 8601.
 */

/** The public statuses, in the order a transfer normally goes through them. */
export const TransactionStatus = z.enum([
  'awaiting_payment',
  'payment_processing',
  'paid',
  'processing',
  'completed',
  'cancelled',
  'payment_failed',
  'expired',
  'returned',
  'refunded',
]);
export type TransactionStatus = z.infer<typeof TransactionStatus>;

/**
 * Why the customer sends the money: some corridors require it
 * (docs/product/money-movement.md#purpose-and-reference).
 */
export const TransferPurpose = z.enum([
  'family_support',
  'education',
  'medical',
  'housing',
  'savings',
  'gift',
  'salary',
  'goods_and_services',
  'travel',
  'other',
]);
export type TransferPurpose = z.infer<typeof TransferPurpose>;

/**
 * What a timeline entry says, as a code the app words in the customer's language from `params`
 * (docs/product/money-movement.md#timeline-entries). Amounts travel as minor units with their
 * currency (`amount` + `currency`), times as ISO 8601, reasons as codes or the partner's own words.
 */
export const TimelineCode = z.enum([
  'confirmed',
  'payment_under_way',
  'payment_received',
  'payment_failed',
  'cancelled',
  'cancelled_refunding',
  'refunding_returned',
  'refund_sent',
  'expired',
  'payout_started',
  'delivered',
  'payout_returned',
  'sent_again',
  'payout_delayed',
  'hold_placed',
  'hold_cleared',
  'hold_expired',
]);
export type TimelineCode = z.infer<typeof TimelineCode>;

/**
 * One step of the transfer's life: the status it reached, when, and what it says: `code` and
 * `params` for the app to word, `note` the same in English (or null). Entries written before codes
 * existed have only the note.
 */
export const TimelineEntry = z.object({
  status: TransactionStatus,
  at: Timestamp,
  note: z.string().nullable(),
  code: TimelineCode.nullable().optional(),
  params: z.record(z.string(), z.string()).optional(),
});
export type TimelineEntry = z.infer<typeof TimelineEntry>;

/** The recipient as they were when the transfer was confirmed (a later edit or delete does not change it). */
export const TransactionRecipient = z.object({
  id: Id,
  name: z.string(),
  country: z.string(),
  currency: z.string(),
  payout_method: PayoutMethod,
  /** Masked, as in the recipients list ("IBAN ••• 3000"). */
  summary: z.string(),
});
export type TransactionRecipient = z.infer<typeof TransactionRecipient>;

/** The delay codes (docs/product/expected-times.md#delay-codes). */
export const DelayCode = z.enum(['payment_not_received', 'payout_slow', 'payout_partner_holiday']);
export type DelayCode = z.infer<typeof DelayCode>;

/** A step that overran (docs/product/expected-times.md): why, in English, and the new arrival. */
export const TransactionDelay = z.object({
  code: DelayCode,
  text: z.string(),
  revised_expected_at: Timestamp,
});
export type TransactionDelay = z.infer<typeof TransactionDelay>;

export const Transaction = z.object({
  id: Id,
  status: TransactionStatus,
  quote_id: Id,
  recipient_id: Id,
  recipient: TransactionRecipient,
  source_currency: z.string(),
  target_country: z.string(),
  target_currency: z.string(),
  payout_method: PayoutMethod,
  source_amount: NonNegativeMinorUnits,
  target_amount: NonNegativeMinorUnits,
  rate: DecimalRate,
  mid_market_rate: DecimalRate,
  /** The fee with `pay_in_method` (the quote's); the payment screen may change the method. */
  fee: QuoteFee,
  pay_in_method: PayInMethod,
  total_to_pay: NonNegativeMinorUnits,
  purpose: TransferPurpose.nullable(),
  /** What the recipient sees on their statement (may be empty). */
  reference: z.string(),
  delivery_estimate: z.string(),
  /** Unpaid transfers expire 24 hours after `created_at`. */
  pay_by: Timestamp,
  created_at: Timestamp,
  updated_at: Timestamp,
  timeline: z.array(TimelineEntry),
  /** Null, or what we need before the payout starts (docs/product/holds.md#wire-shape). */
  hold: TransactionHold.nullable().optional(),
  /** The expected arrival, always set; a delay moves it (docs/product/expected-times.md). */
  expected_at: Timestamp,
  /** When the current step should be over; null: the customer's step or a final one. */
  step_expected_at: Timestamp.nullable(),
  delay: TransactionDelay.nullable(),
});
export type Transaction = z.infer<typeof Transaction>;

/**
 * `POST /client/v1/transactions` with an `Idempotency-Key` header (docs/product/money-movement.md#idempotency).
 * The quote must be active and unused, the recipient the customer's and matching the quote's country,
 * currency and payout method, `purpose` given where the corridor requires it, and `reference` within
 * the corridor's length and characters ({@link referenceRules}). Sending from the step-up threshold
 * (1,000 GBP at mid-market by default) or to a recipient added in the last 24 hours needs a recent
 * step-up, and the first such transfer to a new recipient a step-up of its own (403
 * `step_up_required` with a `scope`: docs/product/auth-and-sessions.md#step-up).
 */
export const TransactionRequest = z.object({
  quote_id: z.string().max(100),
  recipient_id: z.string().max(100),
  purpose: TransferPurpose.nullable().optional(),
  reference: z.string().max(500).optional(),
});
export type TransactionRequest = z.infer<typeof TransactionRequest>;

/** The header that makes a create safe to retry: 1 to 255 visible ASCII characters. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * `GET /client/v1/transactions`: newest first, `search` (part of the recipient's name or the reference,
 * ignoring case and accents), `status` (one or several, comma-separated), `recipient_id`, `from`/`to`
 * (dates, inclusive, UTC), cursor pages.
 */
export const TransactionListQuery = z.object({
  search: z.string().max(100).optional(),
  status: z.string().max(300).optional(),
  recipient_id: z.string().max(100).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  ...CursorPageQuery.shape,
});
export type TransactionListQuery = z.infer<typeof TransactionListQuery>;

export const TransactionList = cursorPage(Transaction);
export type TransactionList = z.infer<typeof TransactionList>;

export const TransactionParams = IdParams;
export type TransactionParams = z.infer<typeof TransactionParams>;

/**
 * 403 `code` when the customer may not send yet: the message names what to finish
 * (docs/product/money-movement.md#limits).
 */
export const VERIFICATION_REQUIRED = 'verification_required';

/**
 * 400 `code` when the `Idempotency-Key` header is missing or malformed
 * (docs/product/money-movement.md#idempotency).
 */
export const IDEMPOTENCY_KEY_REQUIRED = 'idempotency_key_required';

/** Payload of TransactionStatusChanged on the customer's private channel (docs/product/realtime.md#events). */
export const TransactionStatusChangedPayload = z.object({ transaction_id: Id, status: TransactionStatus }).loose();
export type TransactionStatusChangedPayload = z.infer<typeof TransactionStatusChangedPayload>;

/**
 * `POST /client/v1/transactions/{id}/resend` (docs/product/money-movement.md#returned): a returned
 * transfer sent again to one of the customer's recipients at the same destination (corrected details).
 */
export const ResendRequest = z.object({ recipient_id: z.string().max(100) });
export type ResendRequest = z.infer<typeof ResendRequest>;

/** The receipt's media type and file name (`GET /client/v1/transactions/{id}/receipt`). */
export const RECEIPT_MEDIA_TYPE = 'application/pdf';
export const receiptFileName = (transactionId: string): string => `transfer-${transactionId}.pdf`;
