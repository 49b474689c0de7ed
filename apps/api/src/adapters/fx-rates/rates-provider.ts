/**
 * Where mid-market rates come from (docs/product/money-movement.md#corridors): a provider answers
 * units of each currency for one euro, as of a moment, exactly as decimal strings. The api stores
 * what it answers; a currency it does not answer keeps its last stored rate.
 */
export interface ProvidedRate {
  /** ISO 4217 code. */
  currency: string;
  /** Units of `currency` for one euro: a positive decimal string ("0.87630"). */
  rate: string;
  /** Where this rate came from ("ecb", "sandbox", ...). */
  source: string;
}

export interface RateSet {
  base: 'EUR';
  /** When the provider set these rates. */
  asOf: Date;
  rates: ProvidedRate[];
}

export interface RatesProvider {
  /** For logs and `npm run rates:refresh`. */
  readonly name: string;
  /** Throws when the rates cannot be obtained or read; never answers a partial guess. */
  fetchRates(): Promise<RateSet>;
}
