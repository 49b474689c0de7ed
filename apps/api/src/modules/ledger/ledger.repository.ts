import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/types.ts';
import { accountId, LEDGER_ACCOUNT_TYPES, type LedgerAccountRef } from './chart-of-accounts.ts';
import { bigintText } from '../../db/bigint-text.ts';

export interface EntryValues {
  id: string;
  journal_id: string;
  kind: 'posted' | 'pending' | 'post_pending' | 'void_pending';
  debit_account_id: string;
  credit_account_id: string;
  amount: bigint;
  currency: string;
  pending_id: string | null;
  code: string;
  transaction_id: string | null;
  created_at: Date;
}

export const BALANCE_COLUMNS = ['debits_pending', 'debits_posted', 'credits_pending', 'credits_posted'] as const;
export type BalanceColumn = (typeof BALANCE_COLUMNS)[number];

export const ledgerRepository = {
  /** Open the accounts if they do not exist yet (idempotent, safe under concurrency). */
  async open(db: Executor, refs: LedgerAccountRef[], at: Date): Promise<void> {
    if (refs.length === 0) return;
    await db
      .insertInto('ledger_accounts')
      .values(
        refs.map((r) => ({
          id: accountId(r),
          type: r.type,
          currency: r.currency,
          balance_rule: LEDGER_ACCOUNT_TYPES[r.type],
          created_at: at,
        })),
      )
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  },

  /**
   * Lock the accounts in one fixed order (by id): two journals touching the same accounts always
   * lock them in the same order, so they queue instead of deadlocking.
   */
  async lock(db: Executor, ids: string[]): Promise<void> {
    for (const id of [...new Set(ids)].sort()) {
      await db.selectFrom('ledger_accounts').select('id').where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
    }
  },

  /** Change an account's balances by these amounts, in one statement. */
  async move(db: Executor, id: string, deltas: Record<BalanceColumn, bigint>): Promise<void> {
    const set: Partial<Record<BalanceColumn, RawBuilder<string>>> = {};
    for (const column of BALANCE_COLUMNS) {
      if (deltas[column] !== 0n) set[column] = sql<string>`${sql.ref(column)} + ${deltas[column].toString()}::bigint`;
    }
    if (Object.keys(set).length === 0) return;
    await db.updateTable('ledger_accounts').set(set).where('id', '=', id).execute();
  },

  async insert(db: Executor, entries: EntryValues[]): Promise<void> {
    await db
      .insertInto('ledger_entries')
      .values(entries.map((e) => ({ ...e, amount: e.amount.toString() })))
      .execute();
  },

  /** A pending entry and whether it was settled already. */
  async pending(db: Executor, id: string) {
    return db
      .selectFrom('ledger_entries as p')
      .leftJoin('ledger_entries as s', 's.pending_id', 'p.id')
      .select([
        'p.id',
        'p.kind',
        'p.debit_account_id',
        'p.credit_account_id',
        bigintText('p.amount').as('amount'),
        'p.currency',
        'p.transaction_id',
        's.id as settled_by',
      ])
      .where('p.id', '=', id)
      .executeTakeFirst();
  },

  async accounts(db: Executor) {
    return db
      .selectFrom('ledger_accounts')
      .select([
        'id',
        'type',
        'currency',
        'balance_rule',
        ...BALANCE_COLUMNS.map((column) => bigintText(column).as(column)),
      ])
      .orderBy('id')
      .execute();
  },

  async entriesOf(db: Executor, transactionId: string) {
    return db
      .selectFrom('ledger_entries')
      .select([
        'id',
        'journal_id',
        'kind',
        'debit_account_id',
        'credit_account_id',
        bigintText('amount').as('amount'),
        'currency',
        'pending_id',
        'code',
        'transaction_id',
        'created_at',
      ])
      .where('transaction_id', '=', transactionId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  },
};

export type LedgerAccountRow = Awaited<ReturnType<typeof ledgerRepository.accounts>>[number];
export type LedgerEntryRow = Awaited<ReturnType<typeof ledgerRepository.entriesOf>>[number];
