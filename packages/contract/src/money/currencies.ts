import { z } from 'zod';
import { MoneyError } from './errors.ts';

/**
 * ISO 4217 currencies the product sends or pays out, with their minor-unit exponents
 * (docs/product/money-movement.md#money): amounts are integers of minor units, so GBP 125.50 is
 * 12550, JPY 1250 is 1250 (exponent 0) and KWD 1.250 is 1250 (exponent 3).
 */
export const CURRENCIES = {
  AED: { exponent: 2, name: 'UAE dirham' },
  AUD: { exponent: 2, name: 'Australian dollar' },
  BDT: { exponent: 2, name: 'Bangladeshi taka' },
  BRL: { exponent: 2, name: 'Brazilian real' },
  CAD: { exponent: 2, name: 'Canadian dollar' },
  CHF: { exponent: 2, name: 'Swiss franc' },
  EUR: { exponent: 2, name: 'Euro' },
  GBP: { exponent: 2, name: 'British pound' },
  GHS: { exponent: 2, name: 'Ghanaian cedi' },
  INR: { exponent: 2, name: 'Indian rupee' },
  JPY: { exponent: 0, name: 'Japanese yen' },
  KES: { exponent: 2, name: 'Kenyan shilling' },
  KRW: { exponent: 0, name: 'South Korean won' },
  KWD: { exponent: 3, name: 'Kuwaiti dinar' },
  MXN: { exponent: 2, name: 'Mexican peso' },
  NGN: { exponent: 2, name: 'Nigerian naira' },
  NZD: { exponent: 2, name: 'New Zealand dollar' },
  PHP: { exponent: 2, name: 'Philippine peso' },
  PKR: { exponent: 2, name: 'Pakistani rupee' },
  SGD: { exponent: 2, name: 'Singapore dollar' },
  THB: { exponent: 2, name: 'Thai baht' },
  TZS: { exponent: 2, name: 'Tanzanian shilling' },
  UGX: { exponent: 0, name: 'Ugandan shilling' },
  USD: { exponent: 2, name: 'US dollar' },
  VND: { exponent: 0, name: 'Vietnamese dong' },
} as const satisfies Record<string, { exponent: 0 | 2 | 3; name: string }>;

export type CurrencyCode = keyof typeof CURRENCIES;
/** The wire schema of a currency code: one of {@link CURRENCIES}. */
export const CurrencyCode = z.enum(Object.keys(CURRENCIES) as [CurrencyCode, ...CurrencyCode[]]);

/** The currencies a customer can send (docs/product/money-movement.md#corridors). */
export const SEND_CURRENCIES = [
  'GBP',
  'EUR',
  'USD',
  'CAD',
  'AUD',
  'NZD',
  'SGD',
  'AED',
] as const satisfies readonly CurrencyCode[];
export type SendCurrency = (typeof SEND_CURRENCIES)[number];
export const SendCurrency = z.enum(SEND_CURRENCIES);

export function isCurrencyCode(code: string): code is CurrencyCode {
  return Object.hasOwn(CURRENCIES, code);
}

/** Digits after the decimal point of a currency's major unit. */
export function currencyExponent(code: CurrencyCode): 0 | 2 | 3 {
  if (!isCurrencyCode(code)) throw new MoneyError('invalid_currency', `Unknown currency: ${String(code)}`);
  return CURRENCIES[code].exponent;
}
