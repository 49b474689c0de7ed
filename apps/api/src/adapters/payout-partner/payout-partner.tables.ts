// The sandbox payout partner's own state (sandbox-store.ts, db-sandbox-store.ts; migration
// 20261124000500_payouts). Emptied between tests.
import type { ColumnType } from 'kysely';
import type { BigintColumn, Timestamp } from '../../db/column-types.ts';

export interface SandboxPayoutsTable {
  partner_reference: string;
  payout_id: string;
  transaction_id: string;
  amount: BigintColumn;
  currency: string;
  recipient: ColumnType<unknown, string, string>;
  status: string;
  return_reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PayoutPartnerTables {
  sandbox_payouts: SandboxPayoutsTable;
}
