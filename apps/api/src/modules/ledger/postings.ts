import type { LedgerAccountType } from './chart-of-accounts.ts';

/**
 * Every posting a transfer makes, as one table (docs/product/ledger.md#postings): the code names the
 * step, the journal moves the amount from `debit` to `credit`, both in the currency of the amount
 * given (the source currency, or the recipient's for the payout). A service names a posting and its
 * amount (`Ledger.posting`); the ledger builds the balanced journal. `pending` postings are
 * two-phase: reserved until posted or voided. `test/ledger/postings.test.ts` holds this table and
 * the doc's to each other.
 */
export const POSTINGS = {
  /** A payment succeeds (the transfer is `paid`). */
  payment_received: { debit: 'payin_clearing', credit: 'customer_funds', pending: false },
  /** A paid transfer is cancelled (or money arrives for a transfer closed meanwhile), or a returned one refunded. */
  refund_owed: { debit: 'customer_funds', credit: 'refunds_payable', pending: false },
  /** The gateway has sent the refund. */
  refund_sent: { debit: 'refunds_payable', credit: 'payin_clearing', pending: false },
  /** The payout starts: the fee is earned. */
  fee: { debit: 'customer_funds', credit: 'fee_revenue', pending: false },
  /** The payout starts (or starts again): the source amount is converted. */
  fx_in: { debit: 'customer_funds', credit: 'fx_liquidity', pending: false },
  /** The payout starts (or starts again): the recipient's amount is reserved, in their currency. */
  payout: { debit: 'fx_liquidity', credit: 'payouts_in_flight', pending: true },
  /** The partner paid it out. */
  payout_settled: { debit: 'payouts_in_flight', credit: 'payout_settlement', pending: false },
  /** The payout came back: the conversion is reversed. */
  fx_reversed: { debit: 'fx_liquidity', credit: 'customer_funds', pending: false },
  /** A returned transfer is refunded: the fee is given back. */
  fee_reversed: { debit: 'fee_revenue', credit: 'customer_funds', pending: false },
} as const satisfies Record<string, { debit: LedgerAccountType; credit: LedgerAccountType; pending: boolean }>;

export type PostingCode = keyof typeof POSTINGS;
