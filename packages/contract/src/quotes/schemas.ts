import { z } from 'zod';
import { Id, Timestamp } from '../common/primitives.ts';
import { PayInMethod, PayoutMethod } from '../corridors/schemas.ts';
import { toMajorString, type Money } from '../money/amounts.ts';
import { NonNegativeMinorUnits } from '../money/schemas.ts';
import { DecimalRate } from '../money/schemas.ts';

/**
 * Quotes (docs/product/money-movement.md#quotes, #wire-names): asked by send amount or by receive
 * amount, priced on a locked rate for 30 minutes. Amounts are strings of minor units (the source
 * currency's, except `target_amount`), rates decimal strings. The fee is on top: `source_amount` is
 * what is converted, `target_amount` = `source_amount` × `rate` rounded down, `total_to_pay` =
 * `source_amount` + `fee.total`.
 */

/** ISO 4217 or ISO 3166-1 alpha-2, upper case (lower case is accepted and upper-cased). */
const Code = (length: 2 | 3) =>
  z
    .string()
    .trim()
    .toUpperCase()
    .regex(length === 2 ? /^[A-Z]{2}$/ : /^[A-Z]{3}$/);

export const QUOTE_AMOUNT_NEITHER = 'Enter the amount to send or the amount to receive.';
export const QUOTE_AMOUNT_BOTH = 'Give the amount to send or the amount to receive, not both.';
export const QUOTE_AMOUNT_ZERO = 'Enter an amount above zero.';

/**
 * The 422 on the amount asked when it, or the amount it converts to, is over the largest amount
 * (docs/product/money-movement.md#money, `maxAmount`, `largestQuoteAmount`): "The amount can be at
 * most 1,000,000,000,000.00 GBP.", thousands grouped.
 */
export function quoteAmountTooLarge(largest: Money): string {
  const [whole = '', fraction] = toMajorString(largest).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return `The amount can be at most ${fraction === undefined ? grouped : `${grouped}.${fraction}`} ${largest.currency}.`;
}

/**
 * POST /client/v1/quotes: exactly one of `source_amount` / `target_amount`, above zero (the api
 * answers a 422 with {@link QUOTE_AMOUNT_NEITHER}, {@link QUOTE_AMOUNT_BOTH} or {@link QUOTE_AMOUNT_ZERO}).
 */
export const QuoteRequest = z.object({
  source_currency: Code(3),
  target_country: Code(2),
  target_currency: Code(3),
  payout_method: PayoutMethod,
  source_amount: NonNegativeMinorUnits.optional(),
  target_amount: NonNegativeMinorUnits.optional(),
});
export type QuoteRequest = z.infer<typeof QuoteRequest>;

export const QuoteStatus = z.enum(['active', 'expired', 'used']);
export type QuoteStatus = z.infer<typeof QuoteStatus>;

/** One line of the fee: our fee, the payout partner's fee, the pay-in method's fee. */
export const QuoteFeeType = z.enum(['our_fee', 'partner_fee', 'pay_in_fee']);
export type QuoteFeeType = z.infer<typeof QuoteFeeType>;

export const QuoteFeeItem = z.object({ type: QuoteFeeType, label: z.string(), amount: NonNegativeMinorUnits });
export type QuoteFeeItem = z.infer<typeof QuoteFeeItem>;

export const QuoteFee = z.object({ total: NonNegativeMinorUnits, items: z.array(QuoteFeeItem) });
export type QuoteFee = z.infer<typeof QuoteFee>;

/**
 * One way to pay: `fee` is that method's own fee, `total_to_pay` everything paid that way
 * (`source_amount` + our fee + partner fee + `fee`). A method that cannot be used says why.
 */
export const QuotePayInOption = z.object({
  method: PayInMethod,
  fee: NonNegativeMinorUnits,
  total_to_pay: NonNegativeMinorUnits,
  available: z.boolean(),
  reason: z.string().nullable(),
});
export type QuotePayInOption = z.infer<typeof QuotePayInOption>;

export const QuoteNoticeType = z.enum(['info', 'warning', 'blocked']);
export type QuoteNoticeType = z.infer<typeof QuoteNoticeType>;

/** Why a notice is there, for the web app to pick its own words. */
export const QuoteNoticeCode = z.enum([
  'rate_date',
  'below_corridor_minimum',
  'above_corridor_maximum',
  'over_per_transfer_limit',
  'over_30_day_limit',
  'verification_needed',
]);
export type QuoteNoticeCode = z.infer<typeof QuoteNoticeCode>;

/**
 * A notice: `blocked` stops confirming; `link` is the web route that fixes it (null when none does).
 * `text` is in English; `params` carries its figures so that an app can word the notice by `code` in
 * the customer's language: amounts as minor units with their currency (`min_send` + `send_currency`,
 * `limit` + `limit_currency`, …), times ISO 8601 (see docs/product/money-movement.md#quotes).
 */
export const QuoteNotice = z.object({
  type: QuoteNoticeType,
  code: QuoteNoticeCode,
  text: z.string(),
  link: z.string().nullable(),
  params: z.record(z.string(), z.string()).default({}),
});
export type QuoteNotice = z.infer<typeof QuoteNotice>;

/** What a refreshed quote changed against the quote it was refreshed from (`from` → `to`). */
export const QuoteChange = z.object({
  field: z.enum([
    'rate',
    'mid_market_rate',
    'source_amount',
    'target_amount',
    'fee',
    'total_to_pay',
    'delivery_estimate',
  ]),
  from: z.string(),
  to: z.string(),
});
export type QuoteChange = z.infer<typeof QuoteChange>;

export const Quote = z.object({
  id: Id,
  status: QuoteStatus,
  source_currency: z.string(),
  target_country: z.string(),
  target_currency: z.string(),
  payout_method: PayoutMethod,
  /** Which amount the customer gave: the other one is computed. */
  quoted_by: z.enum(['source_amount', 'target_amount']),
  source_amount: NonNegativeMinorUnits,
  target_amount: NonNegativeMinorUnits,
  /** Our rate: mid-market less our margin, target major units per source major unit. */
  rate: DecimalRate,
  mid_market_rate: DecimalRate,
  /** When the mid-market rate was set. */
  rate_as_of: Timestamp,
  /** The fee with `pay_in_method`; each pay-in option states its own. */
  fee: QuoteFee,
  pay_in_method: PayInMethod,
  total_to_pay: NonNegativeMinorUnits,
  pay_in_options: z.array(QuotePayInOption),
  delivery_estimate: z.string(),
  /** 30 minutes after `created_at`; the rate is locked until then. */
  expires_at: Timestamp,
  notices: z.array(QuoteNotice),
  /** The quote this one refreshed, and what changed (empty for a new quote). */
  refreshed_from: z.string().nullable(),
  changes: z.array(QuoteChange),
  created_at: Timestamp,
});
export type Quote = z.infer<typeof Quote>;
