import { RATES_SNAPSHOT } from '../../db/seeds/rates-snapshot.ts';
import type { RateSet, RatesProvider } from './rates-provider.ts';

function snapshotRates(source: string): RateSet['rates'] {
  return Object.entries(RATES_SNAPSHOT.rates).map(([currency, rate]) => ({ currency, rate, source }));
}

/** The seeded snapshot (db/seeds/rates-snapshot.ts) as it is, with its own date. */
export class SnapshotRatesProvider implements RatesProvider {
  readonly name = 'snapshot';

  async fetchRates(): Promise<RateSet> {
    return { base: 'EUR', asOf: new Date(RATES_SNAPSHOT.asOf), rates: snapshotRates(RATES_SNAPSHOT.source) };
  }
}

/**
 * The embedded default's rates (docs/product/money-movement.md#sandboxes): the snapshot's values,
 * dated at the start of the hour they are fetched in (one set an hour, however often it refreshes),
 * so that the sandbox quotes without a network. Not the default in production.
 */
export class SandboxRatesProvider implements RatesProvider {
  readonly name = 'sandbox';

  constructor(private readonly now: () => Date) {}

  async fetchRates(): Promise<RateSet> {
    const asOf = new Date(this.now());
    asOf.setUTCMinutes(0, 0, 0);
    return { base: 'EUR', asOf, rates: snapshotRates('sandbox') };
  }
}
