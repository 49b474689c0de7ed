import { money, type CurrencyCode } from '@remit/contract';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, SandboxPayoutsTable } from '../../db/types.ts';
import type { PartnerPayoutStatus, PayoutRecipient } from './payout-partner.ts';
import type { SandboxPayoutRecord, SandboxPayoutStore } from './sandbox-store.ts';

/** A row as COLUMNS read it: the bigint amount as text. */
type Row = Omit<Selectable<SandboxPayoutsTable>, 'amount'> & { amount: string };

const COLUMNS = [
  'partner_reference',
  'payout_id',
  'transaction_id',
  sql<string>`amount::text`.as('amount'),
  'currency',
  'recipient',
  'status',
  'return_reason',
  'created_at',
  'updated_at',
] as const;

function toRecord(r: Row): SandboxPayoutRecord {
  const recipient = (typeof r.recipient === 'string' ? JSON.parse(r.recipient) : r.recipient) as PayoutRecipient;
  return {
    partnerReference: r.partner_reference,
    payoutId: r.payout_id,
    transactionId: r.transaction_id,
    amount: money(BigInt(r.amount), r.currency as CurrencyCode),
    recipient,
    status: r.status as PartnerPayoutStatus,
    returnReason: r.return_reason,
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
  };
}

/**
 * The sandbox partner's state in the database (table `sandbox_payouts`,
 * docs/product/payments.md#sandbox-behaviour): several instances and a restart see the same payouts;
 * `payout_id` is unique (a second start of one payout cannot make a second record) and `transition`
 * is one conditional UPDATE (compare-and-set).
 */
export class DbSandboxPayoutStore implements SandboxPayoutStore {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(record: SandboxPayoutRecord): Promise<void> {
    await this.db
      .insertInto('sandbox_payouts')
      .values({
        partner_reference: record.partnerReference,
        payout_id: record.payoutId,
        transaction_id: record.transactionId,
        amount: record.amount.amount,
        currency: record.amount.currency,
        recipient: JSON.stringify(record.recipient),
        status: record.status,
        return_reason: record.returnReason,
        created_at: record.createdAt,
        updated_at: record.updatedAt,
      })
      .execute();
  }

  async get(partnerReference: string): Promise<SandboxPayoutRecord | undefined> {
    const row = await this.db
      .selectFrom('sandbox_payouts')
      .select(COLUMNS)
      .where('partner_reference', '=', partnerReference)
      .executeTakeFirst();
    return row ? toRecord(row) : undefined;
  }

  async findByPayoutId(payoutId: string): Promise<SandboxPayoutRecord | undefined> {
    const row = await this.db
      .selectFrom('sandbox_payouts')
      .select(COLUMNS)
      .where('payout_id', '=', payoutId)
      .executeTakeFirst();
    return row ? toRecord(row) : undefined;
  }

  async transition(
    partnerReference: string,
    from: readonly PartnerPayoutStatus[],
    patch: Pick<SandboxPayoutRecord, 'status' | 'returnReason' | 'updatedAt'>,
  ): Promise<SandboxPayoutRecord | undefined> {
    if (from.length === 0) return undefined;
    const row = await this.db
      .updateTable('sandbox_payouts')
      .set({ status: patch.status, return_reason: patch.returnReason, updated_at: patch.updatedAt })
      .where('partner_reference', '=', partnerReference)
      .where('status', 'in', [...from])
      .returning(COLUMNS)
      .executeTakeFirst();
    return row ? toRecord(row) : undefined;
  }
}
