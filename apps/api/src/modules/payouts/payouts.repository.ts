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

/** Payouts, the payout webhook inbox, and what a payout reads of its transfer and recipient. */
export const payoutsRepository = {
  /** What a payout needs of the transfer (any customer's: the jobs and webhooks have no session). */
  transfer(db: Executor, id: string) {
    return db
      .selectFrom('transactions')
      .select([
        'id',
        'customer_id',
        'status',
        'recipient_id',
        'recipient_name',
        'recipient_country',
        'recipient_currency',
        'recipient_payout_method',
        'recipient_details',
        'source_currency',
        'target_currency',
        bigintText('source_amount').as('source_amount'),
        bigintText('target_amount').as('target_amount'),
        bigintText('total_to_pay').as('total_to_pay'),
      ])
      .where('id', '=', id)
      .executeTakeFirst();
  },

  /** A recipient with its details (deleted ones too: a past transfer keeps its recipient). */
  recipient(db: Executor, id: string) {
    return db
      .selectFrom('recipients')
      .select([
        'id',
        'customer_id',
        'name',
        'name_search',
        'country',
        'currency',
        'payout_method',
        'details',
        'summary',
        'deleted_at',
      ])
      .where('id', '=', id)
      .executeTakeFirst();
  },

  /**
   * The transfer now goes to another recipient (a resend with corrected details): its snapshot of
   * the recipient (name, masked summary, every detail) is replaced by that recipient's as now.
   */
  async setRecipient(
    db: Executor,
    transactionId: string,
    r: { id: string; name: string; name_search: string; summary: string; details: unknown },
    at: Date,
  ): Promise<void> {
    await db
      .updateTable('transactions')
      .set({
        recipient_id: r.id,
        recipient_name: r.name,
        recipient_name_search: r.name_search,
        recipient_summary: r.summary,
        recipient_details: JSON.stringify(r.details),
        updated_at: at,
      })
      .where('id', '=', transactionId)
      .execute();
  },

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

  /** The inbox (docs/product/money-movement.md#webhooks): true when the event is new. */
  async receive(db: Executor, e: { provider: string; eventId: string; type: string; at: Date }): Promise<boolean> {
    const row = await db
      .insertInto('webhook_events')
      .values({
        provider: e.provider,
        event_id: e.eventId,
        type: e.type,
        payment_id: null,
        outcome: 'received',
        received_at: e.at,
      })
      .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
      .returning('event_id')
      .executeTakeFirst();
    return row !== undefined;
  },

  async recordOutcome(db: Executor, provider: string, eventId: string, outcome: string): Promise<void> {
    await db
      .updateTable('webhook_events')
      .set({ outcome })
      .where('provider', '=', provider)
      .where('event_id', '=', eventId)
      .execute();
  },
};

export type PayoutRow = NonNullable<Awaited<ReturnType<typeof payoutsRepository.byId>>>;
