// The ledger (docs/product/ledger.md; migration 20261124000200_ledger).
import type { ColumnType } from 'kysely';
import type { Timestamp } from '../../db/column-types.ts';

/** bigint balances: written as bigint or text, read as text through `::text` in the repository. */
type LedgerBalance = ColumnType<string, bigint | string | undefined, string>;

export interface LedgerAccountsTable {
  id: string;
  type: string;
  currency: string;
  balance_rule: 'none' | 'debits_must_not_exceed_credits' | 'credits_must_not_exceed_debits';
  debits_pending: LedgerBalance;
  debits_posted: LedgerBalance;
  credits_pending: LedgerBalance;
  credits_posted: LedgerBalance;
  created_at: Timestamp;
}

export interface LedgerEntriesTable {
  id: string;
  journal_id: string;
  kind: 'posted' | 'pending' | 'post_pending' | 'void_pending';
  debit_account_id: string;
  credit_account_id: string;
  amount: ColumnType<string, bigint | string, never>;
  currency: string;
  pending_id: string | null;
  code: string;
  transaction_id: string | null;
  created_at: Timestamp;
}

export interface LedgerTables {
  ledger_accounts: LedgerAccountsTable;
  ledger_entries: LedgerEntriesTable;
}
