/**
 * The largest amount of each currency (docs/product/money-movement.md#money, "The largest amount"):
 * 10^12 major units, in minor units 10^(12 + exponent): 1,000,000,000,000.00 GBP is 10^14 pence,
 * 1,000,000,000,000 JPY is 10^12 yen, 1,000,000,000,000.000 KWD is 10^15 fils.
 *
 * Why this bound: every amount is a `bigint` column in SQL (at most 2^63 - 1, about 9.2 × 10^18).
 * An amount asked and the amount it converts to are both kept within it, so what is stored never
 * comes near the column's limit; and the conversion of a largest amount itself, its fees (each at
 * most 100 % plus a fixed part) and their total, and its GBP value for the limits, stay below 2^63
 * for every send currency and every currency we pay out, at rates ten times today's
 * (`bounds.test.ts` proves it). The send currencies all have 2 decimals, so the bound holds as long
 * as one minor unit of a send currency is worth under 92,000 minor units of the target currency;
 * the most today is about 3,200 (a penny in Tanzanian cents).
 */
import { money, type Money } from './amounts.ts';
import { currencyExponent, type CurrencyCode } from './currencies.ts';
import { pow10 } from './rounding.ts';

/** Digits of the largest amount's major units: 10^12, one trillion. */
export const MAX_AMOUNT_MAJOR_DIGITS = 12;

/** The largest value of a `bigint` column in SQL (a signed 64-bit integer), 2^63 - 1. */
export const SQL_BIGINT_MAX = 9_223_372_036_854_775_807n;

/** The largest amount of a currency: 10^12 major units, in minor units (GBP 10^14, JPY 10^12, KWD 10^15). */
export function maxAmount(currency: CurrencyCode): Money {
  return money(pow10(MAX_AMOUNT_MAJOR_DIGITS + currencyExponent(currency)), currency);
}

/** Whether an amount is within its currency's largest amount, either side of zero. */
export function isWithinMaxAmount(m: Money): boolean {
  const max = maxAmount(m.currency).amount;
  return m.amount <= max && m.amount >= -max;
}
