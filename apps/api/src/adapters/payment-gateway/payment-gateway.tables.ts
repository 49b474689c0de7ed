// The sandbox gateway's own state (sandbox-store.ts, db-sandbox-store.ts; migration
// 20261124000400_payments). Emptied between tests.
import type { BigintColumn, Timestamp } from '../../db/column-types.ts';

/** The sandbox gateway's own state (adapters/payment-gateway/sandbox-store.ts). */
export interface SandboxGatewayPaymentsTable {
  provider_payment_id: string;
  payment_id: string;
  transaction_id: string;
  amount: BigintColumn;
  currency: string;
  method: string;
  return_url: string;
  customer_email: string;
  description: string | null;
  status: string;
  failure_reason: string | null;
  page_token: string;
  reference: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PaymentGatewayTables {
  sandbox_gateway_payments: SandboxGatewayPaymentsTable;
}
