// Rate alerts (migration 20261127000100_rate_alerts). Customer-owned (cascade from customers).
import type { NullableTimestamp, Timestamp } from '../../db/column-types.ts';

export interface RateAlertsTable {
  id: string;
  customer_id: string;
  source_currency: string;
  target_country: string;
  target_currency: string;
  /** Decimal string, normalised ("1.16"). */
  target_rate: string;
  status: 'active' | 'paused' | 'triggered';
  /** The language of the mail when it fires: the customer's at the last create or change. */
  locale: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  triggered_at: NullableTimestamp;
  /** Our customer rate that reached the target (the mail says it). */
  triggered_rate: string | null;
}

export interface RateAlertsTables {
  rate_alerts: RateAlertsTable;
}
