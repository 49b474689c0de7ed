// Email changes waiting for their code (migration 20261127000500_email_changes). Customer-owned.
import type { Timestamp } from '../../db/column-types.ts';

export interface EmailChangesTable {
  /** One waiting change per customer: a new request replaces it. */
  customer_id: string;
  /** The session that asked: only it can confirm. */
  session_id: string;
  /** Always stored lowercased. */
  new_email: string;
  created_at: Timestamp;
}

export interface EmailChangeTables {
  email_changes: EmailChangesTable;
}
