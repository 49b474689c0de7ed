import { currencyExponent, isCurrencyCode, parseMinorUnits, type CurrencyCode } from '@remit/contract';

/** An amount as the wire carries it (a string of minor units) or as the money module holds it (a bigint). */
export interface MoneyValue {
  amount: string | bigint;
  currency: CurrencyCode;
}

interface Formatters {
  /** The currency format, with exactly the currency's decimals. */
  currency: Intl.NumberFormat;
  /** Plain digits in the same numbering system, zero-padded to the currency's decimals. */
  digits: Intl.NumberFormat;
}

const cache = new Map<string, Formatters>();

function formatters(locale: string, currency: CurrencyCode, exponent: number): Formatters {
  const key = `${locale}|${currency}`;
  let found = cache.get(key);
  if (!found) {
    const currencyFormat = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: exponent,
      maximumFractionDigits: exponent,
    });
    const digits = new Intl.NumberFormat(locale, {
      numberingSystem: currencyFormat.resolvedOptions().numberingSystem,
      useGrouping: false,
      minimumIntegerDigits: Math.max(exponent, 1),
    });
    found = { currency: currencyFormat, digits };
    cache.set(key, found);
  }
  return found;
}

/**
 * An amount in the customer's locale ("£125.50", "125,50 £", "￥1,250", "1,250 KWD") with exactly the
 * currency's decimals, never through a float (docs/product/money-movement.md#money): the locale
 * formats the whole major part as a bigint, and the exact minor digits replace its fraction.
 */
export function formatMoney(value: MoneyValue, locale: string): string {
  const amount = typeof value.amount === 'bigint' ? value.amount : parseMinorUnits(value.amount);
  const exponent = currencyExponent(value.currency);
  const { currency, digits } = formatters(locale, value.currency, exponent);
  const unit = 10n ** BigInt(exponent);
  const negative = amount < 0n;
  const size = negative ? -amount : amount;
  const major = size / unit;
  const fraction = size % unit;
  // A negative amount under one major unit ("-£0.05") has a major part of -0, which bigints do not
  // have: the locale formats -1 and its "1" becomes "0".
  const underOne = negative && major === 0n;
  const parts = currency.formatToParts(negative ? (underOne ? -1n : -major) : major);
  return parts
    .map((part) => {
      if (part.type === 'fraction') return digits.format(fraction);
      if (part.type === 'integer' && underOne) return digits.format(0n).slice(-1);
      return part.value;
    })
    .join('');
}

/**
 * An amount of minor units as the wire carries it, in its currency and the page's locale ("£1,000.00");
 * the raw figures for a currency the app does not know ("100 XYZ").
 */
export function formatAmount(amount: string, currency: string, locale: string): string {
  return isCurrencyCode(currency) ? formatMoney({ amount, currency }, locale) : `${amount} ${currency}`;
}
