import type { CurrencyCode } from '@remit/contract';

/**
 * The chart of accounts (docs/product/ledger.md#accounts): one account of each type per currency.
 * `balance_rule` is what the database enforces on the account's running balance:
 * - `debits_must_not_exceed_credits`: a credit-normal account (what we owe or earned) never goes
 *   below zero: debits (pending + posted) ≤ posted credits;
 * - `credits_must_not_exceed_debits`: the same for a debit-normal account;
 * - `none`: an account that stands for the outside world or our own treasury and may go either way.
 */
export const LEDGER_ACCOUNT_TYPES = {
  /** Money paid in by customers and not yet converted, refunded or kept as fee (owed to them). */
  customer_funds: 'debits_must_not_exceed_credits',
  /** What the payment gateway or bank holds for us: debited when a customer pays. */
  payin_clearing: 'none',
  /** Our currency pool: the source currency comes in here, the target currency goes out. */
  fx_liquidity: 'none',
  /** Fees we earned. */
  fee_revenue: 'debits_must_not_exceed_credits',
  /** Target-currency money handed to a payout partner and not yet confirmed paid out. */
  payouts_in_flight: 'debits_must_not_exceed_credits',
  /** What payout partners have paid out for us (settled with them outside the ledger). */
  payout_settlement: 'none',
  /** Money owed back to customers (a cancelled or returned transfer) until it is sent back. */
  refunds_payable: 'debits_must_not_exceed_credits',
  /** Remainders of rounding to the minor unit: the one named account they go to. */
  rounding: 'none',
} as const satisfies Record<string, BalanceRule>;

export type BalanceRule = 'none' | 'debits_must_not_exceed_credits' | 'credits_must_not_exceed_debits';
export type LedgerAccountType = keyof typeof LEDGER_ACCOUNT_TYPES;

export interface LedgerAccountRef {
  type: LedgerAccountType;
  currency: CurrencyCode;
}

export const accountId = (ref: LedgerAccountRef): string => `${ref.type}:${ref.currency}`;

export function parseAccountId(id: string): LedgerAccountRef | null {
  const [type, currency] = id.split(':');
  if (!type || !currency || !(type in LEDGER_ACCOUNT_TYPES)) return null;
  return { type: type as LedgerAccountType, currency: currency as CurrencyCode };
}
