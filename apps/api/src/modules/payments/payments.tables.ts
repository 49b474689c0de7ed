// Payments (docs/product/money-movement.md#payment; migration 20261124000400_payments).
// Customer-owned (cascade from transactions). bigint columns are read as `::text`.
import type { ColumnType } from 'kysely';
import type { BigintColumn, NullableTimestamp, Timestamp } from '../../db/column-types.ts';

export type PaymentStatusColumn = 'pending' | 'succeeded' | 'failed';

export interface PaymentsTable {
  id: string;
  transaction_id: string;
  customer_id: string;
  provider: string;
  provider_payment_id: string | null;
  method: 'card' | 'bank_transfer';
  /** What is due, in minor units of `currency`. */
  amount: BigintColumn;
  currency: string;
  status: PaymentStatusColumn;
  failure_reason: string | null;
  redirect_url: string | null;
  /** jsonb: the bank details of a bank transfer. */
  bank_details: ColumnType<unknown, string | null | undefined, string | null>;
  refunded_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PaymentsTables {
  payments: PaymentsTable;
}
