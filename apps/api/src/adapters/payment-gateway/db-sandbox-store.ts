import { money, type CurrencyCode } from '@remit/contract';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, SandboxGatewayPaymentsTable } from '../../db/types.ts';
import type { GatewayPaymentStatus, PaymentFailureReason, PaymentMethod } from './payment-gateway.ts';
import type { SandboxGatewayStore, SandboxPaymentRecord } from './sandbox-store.ts';

/** A row as COLUMNS read it: the bigint amount as text. */
type Row = Omit<Selectable<SandboxGatewayPaymentsTable>, 'amount'> & { amount: string };

const COLUMNS = [
  'provider_payment_id',
  'payment_id',
  'transaction_id',
  sql<string>`amount::text`.as('amount'),
  'currency',
  'method',
  'return_url',
  'customer_email',
  'description',
  'status',
  'failure_reason',
  'page_token',
  'reference',
  'created_at',
  'updated_at',
] as const;

function toRecord(r: Row): SandboxPaymentRecord {
  return {
    providerPaymentId: r.provider_payment_id,
    paymentId: r.payment_id,
    transactionId: r.transaction_id,
    amount: money(BigInt(r.amount), r.currency as CurrencyCode),
    method: r.method as PaymentMethod,
    returnUrl: r.return_url,
    customerEmail: r.customer_email,
    description: r.description,
    status: r.status as GatewayPaymentStatus,
    failureReason: r.failure_reason as PaymentFailureReason | null,
    pageToken: r.page_token,
    reference: r.reference,
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
  };
}

/**
 * The sandbox gateway's state in the database (table `sandbox_gateway_payments`,
 * docs/product/payments.md#sandbox-behaviour): several instances and a restart see the same
 * payments; `transition` is one conditional UPDATE (compare-and-set).
 */
export class DbSandboxGatewayStore implements SandboxGatewayStore {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(record: SandboxPaymentRecord): Promise<void> {
    await this.db
      .insertInto('sandbox_gateway_payments')
      .values({
        provider_payment_id: record.providerPaymentId,
        payment_id: record.paymentId,
        transaction_id: record.transactionId,
        amount: record.amount.amount,
        currency: record.amount.currency,
        method: record.method,
        return_url: record.returnUrl,
        customer_email: record.customerEmail,
        description: record.description,
        status: record.status,
        failure_reason: record.failureReason,
        page_token: record.pageToken,
        reference: record.reference,
        created_at: record.createdAt,
        updated_at: record.updatedAt,
      })
      .execute();
  }

  async get(providerPaymentId: string): Promise<SandboxPaymentRecord | undefined> {
    const row = await this.db
      .selectFrom('sandbox_gateway_payments')
      .select(COLUMNS)
      .where('provider_payment_id', '=', providerPaymentId)
      .executeTakeFirst();
    return row ? toRecord(row) : undefined;
  }

  async findByPaymentId(paymentId: string): Promise<SandboxPaymentRecord | undefined> {
    const row = await this.db
      .selectFrom('sandbox_gateway_payments')
      .select(COLUMNS)
      .where('payment_id', '=', paymentId)
      .executeTakeFirst();
    return row ? toRecord(row) : undefined;
  }

  async transition(
    providerPaymentId: string,
    from: readonly GatewayPaymentStatus[],
    patch: Pick<SandboxPaymentRecord, 'status' | 'failureReason' | 'updatedAt'>,
  ): Promise<SandboxPaymentRecord | undefined> {
    if (from.length === 0) return undefined;
    const row = await this.db
      .updateTable('sandbox_gateway_payments')
      .set({ status: patch.status, failure_reason: patch.failureReason, updated_at: patch.updatedAt })
      .where('provider_payment_id', '=', providerPaymentId)
      .where('status', 'in', [...from])
      .returning(COLUMNS)
      .executeTakeFirst();
    return row ? toRecord(row) : undefined;
  }
}
