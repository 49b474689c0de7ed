import { sql } from 'kysely';
import { bigintText } from '../../db/bigint-text.ts';
import type { Executor } from '../../db/types.ts';

/** A transfer's hold as stored (docs/product/holds.md). */
export interface HoldRow {
  id: string;
  transaction_id: string;
  customer_id: string;
  code: string;
  needs: unknown;
  deadline: Date;
  status: 'open' | 'cleared' | 'expired';
}

const COLUMNS = ['id', 'transaction_id', 'customer_id', 'code', 'needs', 'deadline', 'status'] as const;

/** The holds of transfers (table `transfer_holds`, migration 20261127000400_transfer_holds). */
export const holdsRepository = {
  async insert(
    db: Executor,
    row: {
      id: string;
      transaction_id: string;
      customer_id: string;
      code: string;
      needs: unknown;
      deadline: Date;
      at: Date;
    },
  ): Promise<boolean> {
    const inserted = await db
      .insertInto('transfer_holds')
      .values({
        id: row.id,
        transaction_id: row.transaction_id,
        customer_id: row.customer_id,
        code: row.code,
        needs: JSON.stringify(row.needs),
        deadline: row.deadline,
        status: 'open',
        created_at: row.at,
      })
      .onConflict((oc) => oc.column('transaction_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  },

  /** The transfer's hold, its row locked until the end of the caller's transaction. */
  lock(db: Executor, transactionId: string): Promise<HoldRow | undefined> {
    return db
      .selectFrom('transfer_holds')
      .select(COLUMNS)
      .where('transaction_id', '=', transactionId)
      .forUpdate()
      .executeTakeFirst();
  },

  async isOpen(db: Executor, transactionId: string): Promise<boolean> {
    const row = await db
      .selectFrom('transfer_holds')
      .select('id')
      .where('transaction_id', '=', transactionId)
      .where('status', '=', 'open')
      .executeTakeFirst();
    return row !== undefined;
  },

  /** The open holds of these transfers while they wait for their payout (`paid`). */
  openFor(db: Executor, transactionIds: readonly string[]): Promise<HoldRow[]> {
    if (transactionIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('transfer_holds')
      .innerJoin('transactions', 'transactions.id', 'transfer_holds.transaction_id')
      .select(COLUMNS.map((c) => `transfer_holds.${c}` as const))
      .where('transfer_holds.transaction_id', 'in', transactionIds)
      .where('transfer_holds.status', '=', 'open')
      .where('transactions.status', '=', 'paid')
      .execute();
  },

  async resolve(
    db: Executor,
    id: string,
    values: { status: 'cleared' | 'expired'; answers?: Record<string, string>; documentIds?: string[]; at: Date },
  ): Promise<void> {
    await db
      .updateTable('transfer_holds')
      .set({
        status: values.status,
        ...(values.answers ? { answers: JSON.stringify(values.answers) } : {}),
        ...(values.documentIds ? { document_ids: JSON.stringify(values.documentIds) } : {}),
        resolved_at: values.at,
      })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .execute();
  },

  /** Whether any hold already took this document (one document per request). */
  async documentUsed(db: Executor, documentId: string): Promise<boolean> {
    const row = await db
      .selectFrom('transfer_holds')
      .select('id')
      .where(sql<boolean>`document_ids @> ${JSON.stringify([documentId])}::jsonb`)
      .executeTakeFirst();
    return row !== undefined;
  },

  /** What the triggers and the hold's mail read of a transfer. */
  candidate(db: Executor, transactionId: string) {
    return db
      .selectFrom('transactions')
      .select([
        'id',
        'customer_id',
        'status',
        'purpose',
        'target_country',
        'recipient_details',
        bigintText('limits_amount').as('limits_amount'),
      ])
      .where('id', '=', transactionId)
      .executeTakeFirst();
  },
};
