// Scheduled transfers (migration 20261127000200_scheduled_transfers). Customer-owned (cascade from
// customers); one run row per schedule and run date.
import type { BigintColumn, Timestamp } from '../../db/column-types.ts';

export interface ScheduledTransfersTable {
  id: string;
  customer_id: string;
  recipient_id: string;
  source_currency: string;
  target_currency: string;
  target_country: string;
  payout_method: 'bank_account' | 'mobile_wallet' | 'cash_pickup';
  source_amount: BigintColumn | null;
  target_amount: BigintColumn | null;
  purpose: string | null;
  reference: string;
  frequency: 'once' | 'weekly' | 'monthly';
  day: number | null;
  /** `YYYY-MM-DD` (UTC calendar); null once ended. */
  next_run_on: string | null;
  status: 'active' | 'paused' | 'ended';
  locale: string;
  last_run_on: string | null;
  last_run_transaction_id: string | null;
  last_run_error_code: string | null;
  last_run_error_text: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ScheduledTransferRunsTable {
  id: string;
  schedule_id: string;
  customer_id: string;
  run_on: string;
  quote_id: string | null;
  transaction_id: string | null;
  error_code: string | null;
  error_text: string | null;
  status: 'started' | 'created' | 'failed';
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ScheduledTransfersTables {
  scheduled_transfers: ScheduledTransfersTable;
  scheduled_transfer_runs: ScheduledTransferRunsTable;
}
