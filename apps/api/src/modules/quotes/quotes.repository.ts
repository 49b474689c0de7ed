import type { Executor, QuotesTable } from '../../db/types.ts';
import type { Insertable } from 'kysely';
import { bigintText } from '../../db/bigint-text.ts';

export type QuoteValues = Insertable<QuotesTable>;

/** A quote as the wire shows it (quotes.service.ts), and as a confirm takes it. */
const QUOTE_COLUMNS = [
  'id',
  'customer_id',
  'source_currency',
  'target_country',
  'target_currency',
  'payout_method',
  'quoted_by',
  bigintText('requested_amount').as('requested_amount'),
  bigintText('source_amount').as('source_amount'),
  bigintText('target_amount').as('target_amount'),
  bigintText('fee_total').as('fee_total'),
  bigintText('total_to_pay').as('total_to_pay'),
  'rate',
  'mid_market_rate',
  'rate_as_of',
  'pay_in_method',
  'fee_items',
  'pay_in_options',
  'notices',
  'changes',
  'delivery_estimate',
  'expires_at',
  'used_at',
  'refreshed_from',
  'created_at',
] as const;

/** One quote of this customer (none for another customer's or an unknown id). */
const customersQuote = (db: Executor, customerId: string, id: string) =>
  db.selectFrom('quotes').where('customer_id', '=', customerId).where('id', '=', id);

/** The quote refreshed from this one, if any (a refreshed quote is replaced by it). */
async function refreshedInto(db: Executor, id: string): Promise<string | null> {
  const row = await db.selectFrom('quotes').select('id').where('refreshed_from', '=', id).limit(1).executeTakeFirst();
  return row?.id ?? null;
}

export const quotesRepository = {
  /** One quote of this customer (undefined for another customer's or an unknown id). */
  find(db: Executor, customerId: string, id: string) {
    return customersQuote(db, customerId, id).select(QUOTE_COLUMNS).executeTakeFirst();
  },

  /**
   * The same, and whether a quote was refreshed from it (it is replaced), in one statement: what a
   * confirm looks at first, without a lock (it locks and looks again in its transaction).
   */
  findForConfirm(db: Executor, customerId: string, id: string) {
    return customersQuote(db, customerId, id)
      .select(QUOTE_COLUMNS)
      .select((eb) =>
        eb
          .exists(eb.selectFrom('quotes as next').select('next.id').whereRef('next.refreshed_from', '=', 'quotes.id'))
          .as('refreshed'),
      )
      .executeTakeFirst();
  },

  /**
   * The same, locked until the end of the transaction (a confirm). A quote makes at most one
   * transfer: the lock and `used_at` say so (and the unique `transactions.quote_id`).
   */
  lockForConfirm(db: Executor, customerId: string, id: string) {
    return customersQuote(db, customerId, id).select(QUOTE_COLUMNS).forUpdate().executeTakeFirst();
  },

  async markUsed(db: Executor, quoteId: string, at: Date): Promise<void> {
    await db.updateTable('quotes').set({ used_at: at }).where('id', '=', quoteId).execute();
  },

  /**
   * Locks one quote of this customer until the end of the transaction (a refresh and a confirm of
   * it run one after the other): whether it is used, and the quote refreshed from it, if any.
   */
  async lockForRefresh(db: Executor, customerId: string, id: string) {
    const row = await customersQuote(db, customerId, id).select(['id', 'used_at']).forUpdate().executeTakeFirst();
    if (!row) return undefined;
    return { used: row.used_at !== null, refreshedInto: await refreshedInto(db, id) };
  },

  refreshedInto,

  async insert(db: Executor, values: QuoteValues): Promise<void> {
    await db.insertInto('quotes').values(values).execute();
  },
};

export type QuoteRow = NonNullable<Awaited<ReturnType<typeof quotesRepository.find>>>;
