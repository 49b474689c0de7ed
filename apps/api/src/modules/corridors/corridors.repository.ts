import { sql } from 'kysely';
import type { Executor } from '../../db/types.ts';
import { bigintText } from '../../db/bigint-text.ts';

export interface StoredRate {
  currency: string;
  rate: string;
  as_of: Date;
  source: string;
}

export const corridorsRepository = {
  /** Payout methods with their country's name, in seed order. */
  listPayoutMethods(db: Executor) {
    return db
      .selectFrom('corridor_payout_methods as m')
      .innerJoin('countries as c', 'c.iso2_alpha', 'm.country')
      .select([
        'm.id',
        'm.country',
        'c.common_name as country_name',
        'm.currency',
        'm.method',
        bigintText('m.min_amount').as('min_amount'),
        bigintText('m.max_amount').as('max_amount'),
        'm.delivery_estimate',
        'm.delivery_min_hours',
        'm.delivery_max_hours',
        'm.providers',
      ])
      .orderBy('m.position')
      .orderBy('m.id')
      .execute();
  },

  listCorridors(db: Executor) {
    return db
      .selectFrom('corridors')
      .select([
        'payout_method_id',
        'send_currency',
        bigintText('min_amount').as('min_amount'),
        bigintText('max_amount').as('max_amount'),
        bigintText('fee_fixed').as('fee_fixed'),
        'fee_bps',
        bigintText('partner_fee').as('partner_fee'),
        'margin_bps',
      ])
      .orderBy('payout_method_id')
      .orderBy('id')
      .execute();
  },

  listPayInFees(db: Executor) {
    return db
      .selectFrom('pay_in_fees')
      .select(['send_currency', 'method', bigintText('fee_fixed').as('fee_fixed'), 'fee_bps'])
      .orderBy('method')
      .orderBy('send_currency')
      .execute();
  },

  /** The rate in use of each currency (EUR-based): the one stored last. */
  async latestRates(db: Executor, currencies?: readonly string[]): Promise<StoredRate[]> {
    if (currencies?.length === 0) return [];
    let q = db
      .selectFrom('fx_rates')
      .distinctOn('currency')
      .select(['currency', sql<string>`rate::text`.as('rate'), 'as_of', 'source'])
      .where('base', '=', 'EUR');
    if (currencies) q = q.where('currency', 'in', [...currencies]);
    return q.orderBy('currency').orderBy('fetched_at', 'desc').orderBy('as_of', 'desc').orderBy('id', 'desc').execute();
  },

  /** Appends rates; the same source, currency and date again replaces the rate and marks it fetched now. */
  async storeRates(db: Executor, rows: readonly StoredRate[], fetchedAt: Date): Promise<void> {
    if (rows.length === 0) return;
    await db
      .insertInto('fx_rates')
      .values(rows.map((r) => ({ base: 'EUR', ...r, fetched_at: fetchedAt })))
      .onConflict((oc) =>
        oc.constraint('fx_rates_key').doUpdateSet((eb) => ({
          rate: eb.ref('excluded.rate'),
          fetched_at: eb.ref('excluded.fetched_at'),
        })),
      )
      .execute();
  },
};
