import type { CorridorDestination, CorridorsResponse, PayoutMethod, SendCurrency } from '@remit/contract';

/** The currency of each country we send from, for the calculator's default (euro area → EUR). */
const COUNTRY_CURRENCY: Record<string, SendCurrency> = {
  GB: 'GBP',
  US: 'USD',
  CA: 'CAD',
  AU: 'AUD',
  NZ: 'NZD',
  SG: 'SGD',
  AE: 'AED',
  ...Object.fromEntries(
    [
      'AT',
      'BE',
      'CY',
      'DE',
      'EE',
      'ES',
      'FI',
      'FR',
      'GR',
      'HR',
      'IE',
      'IT',
      'LT',
      'LU',
      'LV',
      'MT',
      'NL',
      'PT',
      'SI',
      'SK',
    ].map((c) => [c, 'EUR' as const]),
  ),
};

/** The customer's country's currency when we send from it, else GBP (else the first we send from). */
export function defaultSendCurrency(
  countryIso2: string | null | undefined,
  sendCurrencies: SendCurrency[],
): SendCurrency {
  const own = countryIso2 ? COUNTRY_CURRENCY[countryIso2.toUpperCase()] : undefined;
  if (own && sendCurrencies.includes(own)) return own;
  if (sendCurrencies.includes('GBP')) return 'GBP';
  return sendCurrencies[0] ?? 'GBP';
}

export interface Destination {
  country: string;
  currency: string;
  method: PayoutMethod;
}

export const DESTINATION_STORAGE_KEY = 'remit.dashboard.destination';

export function rememberDestination(destination: Destination): void {
  try {
    localStorage.setItem(DESTINATION_STORAGE_KEY, JSON.stringify(destination));
  } catch {
    // storage may be blocked: the default is then the first destination
  }
}

function remembered(): Partial<Destination> | null {
  try {
    const raw = localStorage.getItem(DESTINATION_STORAGE_KEY);
    const value: unknown = raw ? JSON.parse(raw) : null;
    return value && typeof value === 'object' ? (value as Partial<Destination>) : null;
  } catch {
    return null;
  }
}

/**
 * A destination the corridors serve, as close as possible to the one asked: the same country, then
 * its currency, then its payout method; whatever is missing or unknown falls back to the first.
 */
export function resolveDestination(
  destinations: CorridorDestination[],
  wanted: Partial<Destination> | null,
): Destination | null {
  const country = destinations.find((d) => d.country === wanted?.country) ?? destinations[0];
  if (!country) return null;
  const currency = country.currencies.find((c) => c.currency === wanted?.currency) ?? country.currencies[0];
  if (!currency) return null;
  const method = currency.payout_methods.find((m) => m.method === wanted?.method) ?? currency.payout_methods[0];
  if (!method) return null;
  return { country: country.country, currency: currency.currency, method: method.method };
}

/** The remembered destination if the corridors still serve it, else the first one. */
export function initialDestination(corridors: CorridorsResponse): Destination | null {
  return resolveDestination(corridors.destinations, remembered());
}
