/** Rates are decimal strings on the wire (docs/product/money-movement.md#money): shown, never computed. */
const cache = new Map<string, Intl.NumberFormat>();

/**
 * A rate as people read it: six significant digits in the customer's locale ("77.3813", "1.13887",
 * "0,0123456"), cut rather than rounded so that the rate shown is never better than the one applied.
 * The string goes to Intl as it is (exact decimal formatting), never through a float.
 */
export function formatRate(rate: string, locale: string): string {
  let format = cache.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumSignificantDigits: 6, roundingMode: 'trunc' });
    cache.set(locale, format);
  }
  return format.format(rate as `${number}`);
}

/** Two rates that would read the same at six digits are shown in full, so that a change is visible. */
export function formatRatePair(from: string, to: string, locale: string): [string, string] {
  const [a, b] = [formatRate(from, locale), formatRate(to, locale)];
  return a === b && from !== to ? [from, to] : [a, b];
}
