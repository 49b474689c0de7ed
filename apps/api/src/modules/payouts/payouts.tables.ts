// Payouts (migration 20261124000500_payouts). Customer-owned (cascade from transactions). bigint
// columns are read as `::text`.
import type { ColumnType } from 'kysely';
import type { BigintColumn, Timestamp } from '../../db/column-types.ts';

export interface PayoutsTable {
  id: string;
  transaction_id: string;
  customer_id: string;
  partner: string;
  partner_reference: string | null;
  recipient_id: string | null;
  /** jsonb: the recipient as sent to the partner ({ name, country, currency, payout_method, details }). */
  recipient: ColumnType<unknown, string, string>;
  amount: BigintColumn;
  currency: string;
  source_amount: BigintColumn;
  source_currency: string;
  status: 'processing' | 'completed' | 'returned';
  return_reason: string | null;
  /** jsonb: the ids of the pending ledger entries this payout posts or voids. */
  pending_entry_ids: ColumnType<unknown, string, string>;
  /** When the customer was told the partner has not taken it yet (migration 20261126000100). */
  delay_noticed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PayoutsTables {
  payouts: PayoutsTable;
}
