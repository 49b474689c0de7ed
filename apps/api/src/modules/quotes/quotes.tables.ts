// Quotes (migration 20261123000400_quotes). Customer-owned (cascade from customers). bigint
// columns are read as `::text`.
import type { ColumnType } from 'kysely';
import type { BigintColumn, NullableTimestamp, Timestamp } from '../../db/column-types.ts';

export interface QuotesTable {
  id: string;
  customer_id: string;
  source_currency: string;
  target_country: string;
  target_currency: string;
  payout_method: 'bank_account' | 'mobile_wallet' | 'cash_pickup';
  quoted_by: 'source_amount' | 'target_amount';
  requested_amount: BigintColumn;
  source_amount: BigintColumn;
  target_amount: BigintColumn;
  fee_total: BigintColumn;
  total_to_pay: BigintColumn;
  rate: string;
  mid_market_rate: string;
  rate_as_of: Timestamp;
  pay_in_method: 'bank_transfer' | 'card';
  /** jsonb, as answered: [{ type, label, amount }]. */
  fee_items: ColumnType<unknown, string, string>;
  /** jsonb, as answered: [{ method, fee, total_to_pay, available, reason }]. */
  pay_in_options: ColumnType<unknown, string, string>;
  /** jsonb, as answered: [{ type, code, text, link }]. */
  notices: ColumnType<unknown, string, string>;
  /** jsonb: [{ field, from, to }] against `refreshed_from`. */
  changes: ColumnType<unknown, string, string>;
  delivery_estimate: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  refreshed_from: string | null;
  created_at: Timestamp;
}

export interface QuotesTables {
  quotes: QuotesTable;
}
