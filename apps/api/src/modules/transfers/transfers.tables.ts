// Transfers ('transactions' in SQL and on the wire; migration 20261124000100_transactions), their
// timeline and the idempotency keys of their creation. Customer-owned (cascade from customers).
// bigint columns are read as `::text`.
import type { ColumnType, Generated } from 'kysely';
import type { BigintColumn, NullableTimestamp, Timestamp } from '../../db/column-types.ts';

export type TransactionStatusColumn =
  | 'awaiting_payment'
  | 'payment_processing'
  | 'paid'
  | 'processing'
  | 'completed'
  | 'cancelled'
  | 'payment_failed'
  | 'expired'
  | 'returned'
  | 'refunded';

export interface TransactionsTable {
  id: string;
  customer_id: string;
  quote_id: string;
  recipient_id: string;
  recipient_name: string;
  recipient_country: string;
  recipient_currency: string;
  recipient_payout_method: 'bank_account' | 'mobile_wallet' | 'cash_pickup';
  recipient_summary: string;
  /**
   * jsonb: the recipient's payout details as confirmed, keyed by the requirement keys (migration
   * 20261126000100). The payout goes to these, whatever happens to the recipient later.
   */
  recipient_details: ColumnType<Record<string, string>, string, string>;
  recipient_name_search: string;
  reference_search: string;
  source_currency: string;
  target_country: string;
  target_currency: string;
  payout_method: 'bank_account' | 'mobile_wallet' | 'cash_pickup';
  source_amount: BigintColumn;
  target_amount: BigintColumn;
  fee_total: BigintColumn;
  total_to_pay: BigintColumn;
  /** The send amount in GBP minor units at the mid-market rate when confirmed (the 30-day limit). */
  limits_amount: BigintColumn;
  rate: string;
  mid_market_rate: string;
  /** jsonb, as quoted: [{ type, label, amount }]. */
  fee_items: ColumnType<unknown, string, string>;
  pay_in_method: 'bank_transfer' | 'card';
  purpose: string | null;
  reference: string;
  delivery_estimate: string;
  status: TransactionStatusColumn;
  pay_by: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The language the customer confirmed in: the transfer's mails use it (migration 20261124000400). */
  locale: ColumnType<string, string | undefined, string>;
  /** When the current step should be over; null: the customer's step or a final one (migration 20261127000300). */
  step_expected_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The expected arrival, always set (docs/product/expected-times.md). */
  expected_at: Timestamp;
  /** The delay of a step that overran (docs/product/expected-times.md#delay-codes), or null. */
  delay_code: ColumnType<string | null, string | null | undefined, string | null>;
  delay_revised_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** When the delay was found: one mail per delay. */
  delay_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface TransactionEventsTable {
  id: Generated<string | number>;
  transaction_id: string;
  status: TransactionStatusColumn;
  note: string | null;
  /** What the entry says, for the app to word (migration 20261126000200); null on older entries. */
  code: ColumnType<string | null, string | null | undefined, string | null>;
  /** jsonb: the code's parameters. */
  params: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
  at: Timestamp;
}

export interface IdempotencyKeysTable {
  customer_id: string;
  key: string;
  /** sha256 hex of the canonical JSON body. */
  request_hash: string;
  state: 'running' | 'done';
  response_status: number | null;
  /** jsonb: the answer as sent. */
  response_body: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** A transfer held for information we need (migration 20261127000400_transfer_holds, docs/product/holds.md). */
export interface TransferHoldsTable {
  id: string;
  transaction_id: string;
  customer_id: string;
  code: string;
  /** jsonb: the wire's `needs`. */
  needs: ColumnType<unknown, string, string>;
  deadline: Timestamp;
  status: 'open' | 'cleared' | 'expired';
  /** jsonb: the customer's answers by field. */
  answers: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
  /** jsonb: the documents the customer gave. */
  document_ids: ColumnType<string[] | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  resolved_at: NullableTimestamp;
}

export interface TransfersTables {
  transactions: TransactionsTable;
  transaction_events: TransactionEventsTable;
  idempotency_keys: IdempotencyKeysTable;
  transfer_holds: TransferHoldsTable;
}
