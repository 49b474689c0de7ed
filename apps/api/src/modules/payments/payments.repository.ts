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

/** Payments: one row per attempt to pay a transfer through the gateway (docs/product/money-movement.md#payment). */
export const paymentsRepository = {
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
};

export type PaymentRow = NonNullable<Awaited<ReturnType<typeof paymentsRepository.byId>>>;
