import type { Kysely } from 'kysely';
import type { Database } from '../types.ts';

/**
 * The mid-market rates the api starts from (docs/product/money-movement.md#corridors): units of each
 * currency for one euro, EUR-based like the ECB's daily reference rates, dated. They are approximate
 * mid-market levels, not an official fixing. A rate the refresh cannot obtain stays at its last
 * stored value (this snapshot at first) and quotes for it are refused once it is older than
 * RATES_MAX_AGE_HOURS. Every other pair is a cross rate through the euro, computed in integers.
 * AED is pegged to the US dollar at 3.6725 (USD rate × 3.6725, exactly).
 */
export const RATES_SNAPSHOT = {
  source: 'snapshot',
  base: 'EUR',
  /** Friday 20 November 2026, 14:15 CET: the time of day the ECB sets its reference rates. */
  asOf: '2026-11-20T13:15:00.000Z',
  rates: {
    AED: '4.252755',
    AUD: '1.7810',
    BDT: '141.30',
    BRL: '6.1930',
    CAD: '1.6245',
    GBP: '0.87630',
    GHS: '12.680',
    INR: '102.65',
    KES: '149.60',
    KRW: '1684.20',
    MXN: '21.385',
    NGN: '1672.50',
    NZD: '2.0420',
    PHP: '68.150',
    PKR: '327.40',
    SGD: '1.5065',
    THB: '37.540',
    TZS: '2835.0',
    UGX: '4068.0',
    USD: '1.1580',
    VND: '30480',
  },
} as const;

export type SnapshotCurrency = keyof typeof RATES_SNAPSHOT.rates;

/**
 * Stores the snapshot; a repeat changes nothing (a corrected value of the same date replaces the
 * old one). Its `fetched_at` is its own date, so a rate fetched later always wins over it.
 */
export async function seedRatesSnapshot(db: Kysely<Database>): Promise<void> {
  const at = new Date(RATES_SNAPSHOT.asOf);
  await db
    .insertInto('fx_rates')
    .values(
      Object.entries(RATES_SNAPSHOT.rates).map(([currency, rate]) => ({
        base: RATES_SNAPSHOT.base,
        currency,
        rate,
        as_of: at,
        source: RATES_SNAPSHOT.source,
        fetched_at: at,
      })),
    )
    .onConflict((oc) => oc.constraint('fx_rates_key').doUpdateSet((eb) => ({ rate: eb.ref('excluded.rate') })))
    .execute();
}
