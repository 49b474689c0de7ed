import { formatRate, parseRate, type CurrencyCode, type Rate } from '@remit/contract';
import type { Kysely } from 'kysely';
import type { RatesProvider } from '../../adapters/fx-rates/index.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../lib/app-error.ts';
import { hoursInMs, type Clock } from '../../lib/clock.ts';
import { corridorsRepository, type StoredRate } from './corridors.repository.ts';
import { crossRate } from './cross-rate.ts';

/** A mid-market rate: target units for one source unit, and when it was set. */
export interface MidMarketRate {
  source: CurrencyCode;
  target: CurrencyCode;
  /** Decimal string ("170.7177907"). */
  rate: string;
  /** The same, parsed (`packages/contract/src/money/rates.ts`). */
  value: Rate;
  /** ISO 8601: the older of the two currencies' rates (now for a currency to itself). */
  as_of: string;
}

export interface RefreshResult {
  provider: string;
  as_of: string;
  currencies: string[];
}

const ONE: Rate = { value: 1n, scale: 0 };

function when(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * Mid-market rates (docs/product/money-movement.md#corridors): refreshed from the configured
 * provider (a failure stores nothing, so the last good rates or the snapshot stay), read as cross
 * rates through the euro, refused once older than `maxAgeHours`.
 */
export class RatesService {
  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      now: Clock;
      provider: RatesProvider;
      /** RATES_MAX_AGE_HOURS. */
      maxAgeHours: number;
    },
  ) {}

  get providerName(): string {
    return this.deps.provider.name;
  }

  /** Fetches and stores the provider's rates; throws (storing nothing) when it fails. */
  async refresh(): Promise<RefreshResult> {
    const set = await this.deps.provider.fetchRates();
    if (Number.isNaN(set.asOf.getTime())) throw new Error(`${this.deps.provider.name} rates: no valid date`);
    const rows: StoredRate[] = set.rates.map((r) => ({
      currency: r.currency,
      rate: formatRate(parseRate(r.rate)),
      as_of: set.asOf,
      source: r.source,
    }));
    if (rows.length === 0) throw new Error(`${this.deps.provider.name} rates: none`);
    await corridorsRepository.storeRates(this.deps.db, rows, this.deps.now());
    return {
      provider: this.deps.provider.name,
      as_of: set.asOf.toISOString(),
      currencies: rows.map((r) => r.currency),
    };
  }

  /** The rate in use of every currency, EUR-based (for `npm run rates:refresh` and operators). */
  latest(): Promise<StoredRate[]> {
    return corridorsRepository.latestRates(this.deps.db);
  }

  /**
   * The mid-market rate from `source` to `target`. A 422 on `target_currency` when either
   * currency has no rate, or when the rate is older than RATES_MAX_AGE_HOURS: no quote is made on
   * a rate that old.
   */
  async midMarket(source: CurrencyCode, target: CurrencyCode): Promise<MidMarketRate> {
    const now = this.deps.now();
    if (source === target) return { source, target, rate: '1', value: ONE, as_of: now.toISOString() };
    const wanted = [source, target].filter((c) => c !== 'EUR');
    const rows = await corridorsRepository.latestRates(this.deps.db, wanted);
    const byCurrency = new Map(rows.map((r) => [r.currency, r]));
    const missing = wanted.filter((c) => !byCurrency.has(c));
    if (missing.length) {
      throw AppError.validation({
        target_currency: [`We have no exchange rate for ${source} to ${target} yet. Please try again later.`],
      });
    }
    const eurTo = (c: CurrencyCode): Rate => (c === 'EUR' ? ONE : parseRate(byCurrency.get(c)!.rate));
    const asOf = new Date(Math.min(...rows.map((r) => new Date(r.as_of).getTime())));
    const maxAgeMs = hoursInMs(this.deps.maxAgeHours);
    if (now.getTime() - asOf.getTime() > maxAgeMs) {
      throw AppError.validation({
        target_currency: [
          `We can't quote ${source} to ${target} right now: our latest exchange rate is from ${when(asOf)}, ` +
            `more than ${this.deps.maxAgeHours} hours ago. Please try again later.`,
        ],
      });
    }
    const value = crossRate(eurTo(source), eurTo(target));
    return { source, target, rate: formatRate(value), value, as_of: asOf.toISOString() };
  }
}
