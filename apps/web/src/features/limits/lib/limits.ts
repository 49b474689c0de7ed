import { isCurrencyCode, parseMinorUnits } from '@remit/contract';
import { formatMoney } from '@/lib/format-money';

/** An amount of minor units in its currency, in the page's locale (the raw figures for an unknown currency). */
export function formatAmount(amount: string, currency: string, locale: string): string {
  return isCurrencyCode(currency) ? formatMoney({ amount, currency }, locale) : `${amount} ${currency}`;
}

/** A date and time in the page's locale ("21 Nov 2026, 10:00"). */
export function formatDateTime(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/**
 * How much of a limit is used, in whole percent from 0 to 100 (rounded down; 100 at or over the
 * limit), worked out on the minor units as bigints: never through a float.
 */
export function usedPercent(used: string, limit: string): number {
  const usedUnits = parseMinorUnits(used);
  const limitUnits = parseMinorUnits(limit);
  if (limitUnits <= 0n || usedUnits >= limitUnits) return 100;
  if (usedUnits <= 0n) return 0;
  return Number((usedUnits * 100n) / limitUnits);
}
