import { z } from 'zod';
import { Id } from '../common/primitives.ts';
import { PayInMethod } from '../corridors/schemas.ts';
import { NonNegativeMinorUnits } from '../money/schemas.ts';

/**
 * Paying a transfer (docs/product/money-movement.md#payment): the ways to pay a confirmed transfer,
 * starting a payment through the gateway, and the browser's signed return from it. Amounts are
 * strings of minor units of the transfer's source currency.
 */

/** One way to pay this transfer: the quote's pay-in option with how fast the money arrives. */
export const PaymentMethodOption = z.object({
  method: PayInMethod,
  /** The method's own fee. */
  fee: NonNegativeMinorUnits,
  /** Everything paid this way. */
  total_to_pay: NonNegativeMinorUnits,
  currency: z.string(),
  available: z.boolean(),
  /** Why it cannot be used (null when available). */
  reason: z.string().nullable(),
  /** "Instant" (card), "Usually within 2 hours" (bank transfer). */
  speed: z.string(),
});
export type PaymentMethodOption = z.infer<typeof PaymentMethodOption>;

export const PaymentMethods = z.object({ data: z.array(PaymentMethodOption) });
export type PaymentMethods = z.infer<typeof PaymentMethods>;

export const PaymentRequest = z.object({ method: PayInMethod });
export type PaymentRequest = z.infer<typeof PaymentRequest>;

/** Where to send a bank transfer, and the reference to quote. */
export const BankDetails = z.object({
  account_name: z.string(),
  sort_code: z.string().nullable(),
  account_number: z.string().nullable(),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  reference: z.string(),
  amount: NonNegativeMinorUnits,
  currency: z.string(),
});
export type BankDetails = z.infer<typeof BankDetails>;

/**
 * A started payment. Card: `redirect_url` is the gateway's hosted page. Bank transfer: `redirect_url`
 * is the app's `/payment/cb/{transactionId}` and `bank_details` says where to send the money.
 */
export const StartedPayment = z.object({
  payment_id: Id,
  method: PayInMethod,
  redirect_url: z.string(),
  bank_details: BankDetails.nullable(),
});
export type StartedPayment = z.infer<typeof StartedPayment>;

/** The signed query the gateway put on the return URL, passed on as is. */
export const PaymentReturnRequest = z.object({
  payment: z.string().max(100),
  outcome: z.string().max(20),
  t: z.string().max(20),
  sig: z.string().max(200),
});
export type PaymentReturnRequest = z.infer<typeof PaymentReturnRequest>;

/** The speed shown for each method (docs/product/money-movement.md#payment). */
export const PAYMENT_SPEED: Readonly<Record<PayInMethod, string>> = {
  card: 'Instant',
  bank_transfer: 'Usually within 2 hours',
};
