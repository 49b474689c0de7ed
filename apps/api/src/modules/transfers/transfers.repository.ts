import { sql, type Insertable } from 'kysely';
import type { Executor, TransactionStatusColumn, TransactionsTable } from '../../db/types.ts';
import { bigintText } from '../../db/bigint-text.ts';
import { timelineEnglish, type TimelineNote } from './timeline-words.ts';

export type NewTransactionRow = Insertable<TransactionsTable>;

/** The recipient as the transfer took it when confirmed (or as a resend corrected it). */
const RECIPIENT_COLUMNS = [
  'recipient_id',
  'recipient_name',
  'recipient_country',
  'recipient_currency',
  'recipient_payout_method',
] as const;

/**
 * Whose transfer it is, where it stands and what paying it costs: what a status change, a payment
 * and a payout read first. Qualified, because the payment's query joins tables with the same names.
 */
const TO_PAY_COLUMNS = [
  'transactions.id',
  'transactions.customer_id',
  'transactions.status',
  'transactions.source_currency',
  'transactions.pay_by',
  bigintText('transactions.total_to_pay').as('total_to_pay'),
] as const;

/** Its expected times and delay (docs/product/expected-times.md). */
const DELAY_COLUMNS = ['step_expected_at', 'expected_at', 'delay_code', 'delay_revised_at'] as const;

/** A transfer as the wire shows it (transfer-view.ts). */
const VIEW_COLUMNS = [
  ...TO_PAY_COLUMNS,
  'quote_id',
  ...RECIPIENT_COLUMNS,
  'recipient_summary',
  'target_country',
  'target_currency',
  'payout_method',
  'rate',
  'mid_market_rate',
  'fee_items',
  'pay_in_method',
  'purpose',
  'reference',
  'delivery_estimate',
  'created_at',
  'updated_at',
  ...DELAY_COLUMNS,
  bigintText('source_amount').as('source_amount'),
  bigintText('target_amount').as('target_amount'),
  bigintText('fee_total').as('fee_total'),
] as const;

/** What the limits read of a transfer (transfer-limits.ts). */
const LIMITS_COLUMNS = [
  'id',
  'recipient_name',
  'status',
  'source_currency',
  'created_at',
  bigintText('source_amount').as('source_amount'),
  bigintText('limits_amount').as('limits_amount'),
] as const;

/** The way to pay chosen: the transfer's pay-in method, fee items, fee and total. */
export interface PayInValues {
  pay_in_method: 'card' | 'bank_transfer';
  fee_items: string;
  fee_total: bigint;
  total_to_pay: bigint;
  at: Date;
}

export interface ListFilters {
  /** Part of the searchable recipient name or reference (letters, digits and spaces only). */
  contains: string | null;
  statuses: TransactionStatusColumn[] | null;
  recipientId: string | null;
  from: Date | null;
  /** Exclusive. */
  before: Date | null;
  /** Keyset: rows strictly older than (created_at, id). */
  after: readonly [createdAt: Date, id: string] | null;
  limit: number;
}

/** The customer's transfers: every statement a customer's request runs is scoped by its id. */
const customersTransfers = (db: Executor, customerId: string) =>
  db.selectFrom('transactions').where('customer_id', '=', customerId);

/** One transfer of the customer's (none for another customer's). */
const customersTransfer = (db: Executor, customerId: string, id: string) =>
  customersTransfers(db, customerId).where('id', '=', id);

/** The customer's transfers created after `since` that count against the 30-day limit. */
const countedTransfers = (
  db: Executor,
  customerId: string,
  since: Date,
  notCounted: readonly TransactionStatusColumn[],
) => customersTransfers(db, customerId).where('created_at', '>', since).where('status', 'not in', notCounted);

/**
 * Transactions, their timeline, and the quote a confirm uses. Every statement is scoped by the
 * customer id of the asking session.
 */
export const transfersRepository = {
  /**
   * Serialises the confirms of one customer (the 30-day limit counts the transfers made before):
   * a row lock on the customer that leaves foreign-key checks alone (FOR NO KEY UPDATE).
   */
  /** Whether the customer has made any transfer to this recipient before. */
  async anyTo(db: Executor, customerId: string, recipientId: string): Promise<boolean> {
    const row = await db
      .selectFrom('transactions')
      .select('id')
      .where('customer_id', '=', customerId)
      .where('recipient_id', '=', recipientId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },

  async lockCustomer(db: Executor, customerId: string): Promise<void> {
    await db.selectFrom('customers').select('id').where('id', '=', customerId).forNoKeyUpdate().execute();
  },

  /**
   * A new transfer, and it as the wire shows it (what `find` reads), from the one statement: the
   * table has no trigger, so the row the insert returns is the row stored.
   */
  insert(db: Executor, row: NewTransactionRow) {
    return db.insertInto('transactions').values(row).returning(VIEW_COLUMNS).executeTakeFirstOrThrow();
  },

  /** A timeline entry: its code and parameters, and their English words as the note. */
  async addEvent(
    db: Executor,
    transactionId: string,
    status: TransactionStatusColumn,
    note: TimelineNote | null,
    at: Date,
  ): Promise<void> {
    await db
      .insertInto('transaction_events')
      .values({
        transaction_id: transactionId,
        status,
        note: note ? timelineEnglish(note) : null,
        code: note?.code ?? null,
        params: note ? JSON.stringify(note.params) : null,
        at,
      })
      .execute();
  },

  /**
   * The row a status change needs, locked until the end of the transaction
   * (docs/product/money-movement.md#transaction-statuses).
   */
  lockForTransition(db: Executor, id: string) {
    return db.selectFrom('transactions').select(TO_PAY_COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
  },

  /** The transfer a customer pays, with its quote's pay-in options (undefined for another customer's). */
  forPayment(db: Executor, customerId: string, id: string) {
    return db
      .selectFrom('transactions')
      .innerJoin('quotes', 'quotes.id', 'transactions.quote_id')
      .innerJoin('accounts', 'accounts.customer_id', 'transactions.customer_id')
      .select([
        ...TO_PAY_COLUMNS,
        'transactions.fee_items',
        'transactions.reference',
        bigintText('transactions.fee_total').as('fee_total'),
        'quotes.pay_in_options',
        'accounts.email',
      ])
      .where('transactions.customer_id', '=', customerId)
      .where('transactions.id', '=', id)
      .executeTakeFirst();
  },

  /** The way to pay chosen: the transfer's pay-in method, fee items, fee and total become its. */
  async setPayIn(db: Executor, id: string, values: PayInValues): Promise<void> {
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

  /** What a payout needs of the transfer (any customer's: the jobs and webhooks have no session). */
  forPayout(db: Executor, id: string) {
    return db
      .selectFrom('transactions')
      .select([
        ...TO_PAY_COLUMNS,
        ...RECIPIENT_COLUMNS,
        'recipient_details',
        'target_currency',
        bigintText('source_amount').as('source_amount'),
        bigintText('target_amount').as('target_amount'),
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
    id: string,
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
      .where('id', '=', id)
      .execute();
  },

  async setStatus(db: Executor, id: string, status: TransactionStatusColumn, at: Date): Promise<void> {
    await db.updateTable('transactions').set({ status, updated_at: at }).where('id', '=', id).execute();
  },

  find(db: Executor, customerId: string, id: string) {
    return customersTransfer(db, customerId, id).select(VIEW_COLUMNS).executeTakeFirst();
  },

  list(db: Executor, customerId: string, f: ListFilters) {
    let q = customersTransfers(db, customerId).select(VIEW_COLUMNS);
    if (f.contains !== null) {
      const pattern = `%${f.contains.replace(/[\\%_]/g, '\\$&')}%`;
      q = q.where((eb) =>
        eb.or([eb('recipient_name_search', 'like', pattern), eb('reference_search', 'like', pattern)]),
      );
    }
    if (f.statuses !== null) q = q.where('status', 'in', f.statuses);
    if (f.recipientId !== null) q = q.where('recipient_id', '=', f.recipientId);
    if (f.from !== null) q = q.where('created_at', '>=', f.from);
    if (f.before !== null) q = q.where('created_at', '<', f.before);
    if (f.after !== null) {
      const [createdAt, id] = f.after;
      q = q.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(createdAt, id)));
    }
    return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(f.limit).execute();
  },

  /** The timelines of these transactions, oldest entry first. */
  events(db: Executor, transactionIds: readonly string[]) {
    if (transactionIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('transaction_events')
      .select(['transaction_id', 'status', 'note', 'code', 'params', 'at'])
      .where('transaction_id', 'in', transactionIds)
      .orderBy('at')
      .orderBy('id')
      .execute();
  },

  /** What the limits need of one of the customer's transfers (undefined for another's). */
  limitsOf(db: Executor, customerId: string, id: string) {
    return customersTransfer(db, customerId, id).select(LIMITS_COLUMNS).executeTakeFirst();
  },

  /** The transfers behind `limitsAmountSince`, newest first, at most `limit`. */
  countedSince(
    db: Executor,
    customerId: string,
    since: Date,
    notCounted: readonly TransactionStatusColumn[],
    limit: number,
  ) {
    return countedTransfers(db, customerId, since, notCounted)
      .select(LIMITS_COLUMNS)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  },

  /**
   * What counts against the 30-day limit: the GBP amounts (at the mid-market rate when confirmed)
   * of the customer's transfers created at or after `since`, except those that moved no money.
   */
  async limitsAmountSince(
    db: Executor,
    customerId: string,
    since: Date,
    notCounted: readonly TransactionStatusColumn[],
  ): Promise<bigint> {
    const row = await countedTransfers(db, customerId, since, notCounted)
      .select(sql<string>`coalesce(sum(limits_amount), 0)::text`.as('total'))
      .executeTakeFirstOrThrow();
    return BigInt(row.total);
  },

  /** Whether the transfer is this customer's. */
  async isCustomers(db: Executor, customerId: string, id: string): Promise<boolean> {
    const row = await customersTransfer(db, customerId, id).select('id').executeTakeFirst();
    return !!row;
  },

  /** What a public tracking page shows of a transfer (any customer's: the caller holds its link). */
  publicView(db: Executor, id: string) {
    return db
      .selectFrom('transactions')
      .select([
        'id',
        'status',
        bigintText('target_amount').as('target_amount'),
        'target_currency',
        'recipient_name',
        'delivery_estimate',
        ...DELAY_COLUMNS,
      ])
      .where('id', '=', id)
      .executeTakeFirst();
  },
};

export type TransferForPayout = NonNullable<Awaited<ReturnType<typeof transfersRepository.forPayout>>>;
export type TransferForPayment = NonNullable<Awaited<ReturnType<typeof transfersRepository.forPayment>>>;
export type TransactionRow = NonNullable<Awaited<ReturnType<typeof transfersRepository.find>>>;
