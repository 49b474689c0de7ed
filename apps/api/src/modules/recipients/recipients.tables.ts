// Recipients (migration 20261123000300_recipients). Customer-owned (cascade from customers); a
// deleted recipient keeps its row (deleted_at).
import type { ColumnType } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../../db/column-types.ts';

export interface RecipientsTable {
  id: string;
  customer_id: string;
  name: string;
  name_search: string;
  country: string;
  currency: string;
  payout_method: 'bank_account' | 'mobile_wallet' | 'cash_pickup';
  /** jsonb: the details keyed by the requirement keys, as stored. */
  details: ColumnType<Record<string, string>, string, string>;
  summary: string;
  fingerprint: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface RecipientsTables {
  recipients: RecipientsTable;
}
