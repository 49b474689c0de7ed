import type { Executor, PayoutsTable } from '../../db/types.ts';
import { bigintText } from '../../db/bigint-text.ts';

const PAYOUT_COLUMNS = [
  'id',
  'transaction_id',
  'customer_id',
  'partner',
  'partner_reference',
  'recipient_id',
  'recipient',
  bigintText('amount').as('amount'),
  'currency',
  bigintText('source_amount').as('source_amount'),
  'source_currency',
  'status',
  'return_reason',
  'pending_entry_ids',
  'delay_noticed_at',
  'created_at',
  'updated_at',
] as const;

export interface NewPayout {
  id: string;
  transaction_id: string;
  customer_id: string;
  partner: string;
  recipient_id: string | null;
  recipient: string;
  amount: bigint;
  currency: string;
  source_amount: bigint;
  source_currency: string;
  pending_entry_ids: string;
  at: Date;
}

/** Payouts: one row per attempt to deliver a paid transfer (docs/product/money-movement.md#payout). */
export const payoutsRepository = {
  async insert(db: Executor, p: NewPayout): Promise<void> {
    await db
      .insertInto('payouts')
      .values({
        id: p.id,
        transaction_id: p.transaction_id,
        customer_id: p.customer_id,
        partner: p.partner,
        partner_reference: null,
        recipient_id: p.recipient_id,
        recipient: p.recipient,
        amount: p.amount,
        currency: p.currency,
        source_amount: p.source_amount,
        source_currency: p.source_currency,
        status: 'processing',
        return_reason: null,
        pending_entry_ids: p.pending_entry_ids,
        created_at: p.at,
        updated_at: p.at,
      })
      .execute();
  },

  byId(db: Executor, id: string) {
    return db.selectFrom('payouts').select(PAYOUT_COLUMNS).where('id', '=', id).executeTakeFirst();
  },

  lock(db: Executor, id: string) {
    return db.selectFrom('payouts').select(PAYOUT_COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
  },

  byReference(db: Executor, partner: string, reference: string) {
    return db
      .selectFrom('payouts')
      .select(PAYOUT_COLUMNS)
      .where('partner', '=', partner)
      .where('partner_reference', '=', reference)
      .executeTakeFirst();
  },

  /** The transfer's open (processing) payout. */
  open(db: Executor, transactionId: string) {
    return db
      .selectFrom('payouts')
      .select(PAYOUT_COLUMNS)
      .where('transaction_id', '=', transactionId)
      .where('status', '=', 'processing')
      .executeTakeFirst();
  },

  ofTransaction(db: Executor, transactionId: string) {
    return db
      .selectFrom('payouts')
      .select(PAYOUT_COLUMNS)
      .where('transaction_id', '=', transactionId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  },

  /** Stores the partner's reference once (a retried start answers the same one). */
  async setReference(db: Executor, id: string, reference: string, at: Date): Promise<void> {
    await db
      .updateTable('payouts')
      .set({ partner_reference: reference, updated_at: at })
      .where('id', '=', id)
      .where('partner_reference', 'is', null)
      .execute();
  },

  /** Marks the payout's delay told to the customer; false when it was told already (once per payout). */
  async markDelayNoticed(db: Executor, id: string, at: Date): Promise<boolean> {
    const row = await db
      .updateTable('payouts')
      .set({ delay_noticed_at: at })
      .where('id', '=', id)
      .where('status', '=', 'processing')
      .where('delay_noticed_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  },

  async decide(
    db: Executor,
    id: string,
    status: Extract<PayoutsTable['status'], 'completed' | 'returned'>,
    reason: string | null,
    at: Date,
  ): Promise<void> {
    await db
      .updateTable('payouts')
      .set({ status, return_reason: reason, updated_at: at })
      .where('id', '=', id)
      .execute();
  },
};

export type PayoutRow = NonNullable<Awaited<ReturnType<typeof payoutsRepository.byId>>>;
