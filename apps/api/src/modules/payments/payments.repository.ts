import type { Insertable } from 'kysely';
import type { Executor, PaymentStatusColumn, PaymentsTable } from '../../db/types.ts';
import { bigintText } from '../../db/bigint-text.ts';

const PAYMENT_COLUMNS = [
  'id',
  'transaction_id',
  'customer_id',
  'provider',
  'provider_payment_id',
  'method',
  'currency',
  'status',
  'failure_reason',
  'redirect_url',
  'bank_details',
  'refunded_at',
  'created_at',
  'updated_at',
] as const;

/** Payments, the webhook inbox, and what paying reads of the transfer and its quote. */
export const paymentsRepository = {
  /** The transfer a customer pays, with its quote's pay-in options (undefined for another customer's). */
  transaction(db: Executor, customerId: string, id: string) {
    return db
      .selectFrom('transactions')
      .innerJoin('quotes', 'quotes.id', 'transactions.quote_id')
      .innerJoin('accounts', 'accounts.customer_id', 'transactions.customer_id')
      .select([
        'transactions.id',
        'transactions.customer_id',
        'transactions.status',
        'transactions.source_currency',
        'transactions.pay_by',
        'transactions.fee_items',
        'transactions.reference',
        bigintText('transactions.fee_total').as('fee_total'),
        bigintText('transactions.total_to_pay').as('total_to_pay'),
        'quotes.pay_in_options',
        'accounts.email',
      ])
      .where('transactions.customer_id', '=', customerId)
      .where('transactions.id', '=', id)
      .executeTakeFirst();
  },

  async setPayIn(
    db: Executor,
    id: string,
    values: {
      pay_in_method: 'card' | 'bank_transfer';
      fee_items: string;
      fee_total: bigint;
      total_to_pay: bigint;
      at: Date;
    },
  ): Promise<void> {
    await db
      .updateTable('transactions')
      .set({
        pay_in_method: values.pay_in_method,
        fee_items: values.fee_items,
        fee_total: values.fee_total,
        total_to_pay: values.total_to_pay,
        updated_at: values.at,
      })
      .where('id', '=', id)
      .execute();
  },

  async insert(db: Executor, row: Insertable<PaymentsTable>): Promise<void> {
    await db.insertInto('payments').values(row).execute();
  },

  /** The transfer's open (pending) payment, if any. */
  open(db: Executor, transactionId: string) {
    return db
      .selectFrom('payments')
      .select([...PAYMENT_COLUMNS, bigintText('amount').as('amount')])
      .where('transaction_id', '=', transactionId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
  },

  byId(db: Executor, id: string) {
    return db
      .selectFrom('payments')
      .select([...PAYMENT_COLUMNS, bigintText('amount').as('amount')])
      .where('id', '=', id)
      .executeTakeFirst();
  },

  lock(db: Executor, id: string) {
    return db
      .selectFrom('payments')
      .select([...PAYMENT_COLUMNS, bigintText('amount').as('amount')])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  },

  byProviderId(db: Executor, provider: string, providerPaymentId: string) {
    return db
      .selectFrom('payments')
      .select([...PAYMENT_COLUMNS, bigintText('amount').as('amount')])
      .where('provider', '=', provider)
      .where('provider_payment_id', '=', providerPaymentId)
      .executeTakeFirst();
  },

  /** The transfer's succeeded payment (what a cancel refunds). */
  succeeded(db: Executor, transactionId: string) {
    return db
      .selectFrom('payments')
      .select([...PAYMENT_COLUMNS, bigintText('amount').as('amount')])
      .where('transaction_id', '=', transactionId)
      .where('status', '=', 'succeeded')
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
  },

  async setGatewayAnswer(
    db: Executor,
    id: string,
    values: { provider_payment_id: string; redirect_url: string | null; bank_details: string | null; at: Date },
  ): Promise<void> {
    await db
      .updateTable('payments')
      .set({
        provider_payment_id: values.provider_payment_id,
        redirect_url: values.redirect_url,
        bank_details: values.bank_details,
        updated_at: values.at,
      })
      .where('id', '=', id)
      .execute();
  },

  async decide(
    db: Executor,
    id: string,
    status: PaymentStatusColumn,
    failureReason: string | null,
    at: Date,
  ): Promise<void> {
    await db
      .updateTable('payments')
      .set({ status, failure_reason: failureReason, updated_at: at })
      .where('id', '=', id)
      .execute();
  },

  async markRefunded(db: Executor, id: string, at: Date): Promise<void> {
    await db.updateTable('payments').set({ refunded_at: at, updated_at: at }).where('id', '=', id).execute();
  },

  /** Payments still pending that were created before `before` (the reconciler). */
  stale(db: Executor, before: Date, limit: number) {
    return db
      .selectFrom('payments')
      .select([...PAYMENT_COLUMNS, bigintText('amount').as('amount')])
      .where('status', '=', 'pending')
      .where('created_at', '<', before)
      .orderBy('created_at')
      .limit(limit)
      .execute();
  },

  /** The webhook inbox: true when this event is new (stored now), false for a repeat. */
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

  /** The transfer's source amount (what is converted), as text. */
  async sourceAmount(db: Executor, transactionId: string): Promise<string> {
    const row = await db
      .selectFrom('transactions')
      .select(bigintText('source_amount').as('source_amount'))
      .where('id', '=', transactionId)
      .executeTakeFirstOrThrow();
    return row.source_amount;
  },

  async recordOutcome(
    db: Executor,
    provider: string,
    eventId: string,
    paymentId: string | null,
    outcome: string,
  ): Promise<void> {
    await db
      .updateTable('webhook_events')
      .set({ payment_id: paymentId, outcome })
      .where('provider', '=', provider)
      .where('event_id', '=', eventId)
      .execute();
  },
};

export type PaymentRow = NonNullable<Awaited<ReturnType<typeof paymentsRepository.byId>>>;
