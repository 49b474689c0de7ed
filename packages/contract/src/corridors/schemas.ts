import { z } from 'zod';
import { CurrencyCode, SendCurrency } from '../money/currencies.ts';
import { NonNegativeMinorUnits } from '../money/schemas.ts';

/**
 * Corridors (docs/product/money-movement.md#corridors): where a customer can send, from which
 * currency, how the money is paid out and what it costs. Amounts are strings of minor units;
 * `min_amount`/`max_amount` of a payout method are in the destination `currency` beside them, those
 * of `pricing` in its `send_currency`.
 */

/** How the recipient gets the money. */
export const PayoutMethod = z.enum(['bank_account', 'mobile_wallet', 'cash_pickup']);
export type PayoutMethod = z.infer<typeof PayoutMethod>;

/** How the customer pays us. */
export const PayInMethod = z.enum(['bank_transfer', 'card']);
export type PayInMethod = z.infer<typeof PayInMethod>;

const MinorUnits = NonNegativeMinorUnits;
/** Basis points: 1 bp = 0.01 %. */
const BasisPoints = z.number().int().min(0).max(10_000);

/** A mobile-money operator or a cash-pickup network. */
export const PayoutProvider = z.object({ code: z.string(), name: z.string() });
export type PayoutProvider = z.infer<typeof PayoutProvider>;

/**
 * What one send currency pays for a payout method: the send amount's bounds, our fee (`fee_fixed`
 * plus `fee_bps` of the amount converted), the payout partner's fee, and our margin over the
 * mid-market rate. Amounts in minor units of `send_currency`.
 */
export const CorridorPricing = z.object({
  send_currency: SendCurrency,
  min_amount: MinorUnits,
  max_amount: MinorUnits,
  fee_fixed: MinorUnits,
  fee_bps: BasisPoints,
  partner_fee: MinorUnits,
  margin_bps: BasisPoints,
});
export type CorridorPricing = z.infer<typeof CorridorPricing>;

export const CorridorPayoutMethod = z.object({
  method: PayoutMethod,
  /** The smallest amount the recipient can get this way, minor units of the destination currency. */
  min_amount: MinorUnits,
  /** The largest amount the recipient can get this way in one transfer, same units. */
  max_amount: MinorUnits,
  /** In words ("Usually within minutes"). */
  delivery_estimate: z.string(),
  /** The same, for computing: between `min` and `max` hours after the payment is received. */
  delivery_hours: z.object({ min: z.number().int().min(0), max: z.number().int().min(0) }),
  /** Wallet operators or cash-pickup networks; empty for a bank account. */
  providers: z.array(PayoutProvider),
  /** One entry per send currency. */
  pricing: z.array(CorridorPricing),
});
export type CorridorPayoutMethod = z.infer<typeof CorridorPayoutMethod>;

export const CorridorDestinationCurrency = z.object({
  currency: CurrencyCode,
  payout_methods: z.array(CorridorPayoutMethod),
});
export type CorridorDestinationCurrency = z.infer<typeof CorridorDestinationCurrency>;

export const CorridorDestination = z.object({
  /** ISO 3166-1 alpha-2. */
  country: z.string().length(2),
  name: z.string(),
  currencies: z.array(CorridorDestinationCurrency),
});
export type CorridorDestination = z.infer<typeof CorridorDestination>;

/** A pay-in method's fee in one send currency: `fee_fixed` (minor units) plus `fee_bps` of the amount. */
export const PayInFee = z.object({
  send_currency: SendCurrency,
  fee_fixed: MinorUnits,
  fee_bps: BasisPoints,
});
export type PayInFee = z.infer<typeof PayInFee>;

export const CorridorPayInMethod = z.object({ method: PayInMethod, fees: z.array(PayInFee) });
export type CorridorPayInMethod = z.infer<typeof CorridorPayInMethod>;

/** GET /client/v1/corridors. */
export const CorridorsResponse = z.object({
  send_currencies: z.array(SendCurrency),
  destinations: z.array(CorridorDestination),
  pay_in_methods: z.array(CorridorPayInMethod),
});
export type CorridorsResponse = z.infer<typeof CorridorsResponse>;
