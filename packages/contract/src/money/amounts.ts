/**
 * Amounts: integer minor units of an ISO 4217 currency (docs/product/money-movement.md#money).
 * On the wire an amount is a string of minor units (`"12550"` with `"GBP"` is £125.50); in code it
 * is a bigint; it never becomes a float.
 */
import { currencyExponent, isCurrencyCode, type CurrencyCode } from './currencies.ts';
import { MoneyError } from './errors.ts';
import { pow10 } from './rounding.ts';

export interface Money {
  /** Minor units (pence, cents, yen, fils). */
  readonly amount: bigint;
  readonly currency: CurrencyCode;
}

/** An amount has at most this many digits of minor units, sign aside. */
export const MAX_AMOUNT_DIGITS = 30;
const AMOUNT_LIMIT = pow10(MAX_AMOUNT_DIGITS);

/**
 * A minor-unit string as the wire carries it: digits with an optional leading '-', no leading
 * zeros, no "-0", no decimal point, no exponent, at most 30 digits.
 */
export const MINOR_UNITS_PATTERN = /^(?:0|-?[1-9][0-9]{0,29})$/;

/** A decimal amount in major units as typed: "125.5", "-3", "0.050"; '.' is the only separator. */
const MAJOR_PATTERN = /^(-?)([0-9]+)(?:\.([0-9]+))?$/;

function checkRange(amount: bigint): bigint {
  if (typeof amount !== 'bigint') throw new MoneyError('invalid_amount', 'An amount is a bigint of minor units');
  if (amount >= AMOUNT_LIMIT || amount <= -AMOUNT_LIMIT) {
    throw new MoneyError('out_of_range', `An amount has at most ${MAX_AMOUNT_DIGITS} digits`);
  }
  return amount;
}

function checkCurrency(currency: string): CurrencyCode {
  if (typeof currency !== 'string' || !isCurrencyCode(currency)) {
    throw new MoneyError('invalid_currency', `Unknown currency: ${String(currency)}`);
  }
  return currency;
}

/** "12550" → 12550n; refuses anything but the canonical minor-unit form ({@link MINOR_UNITS_PATTERN}). */
export function parseMinorUnits(text: string): bigint {
  if (typeof text !== 'string' || !MINOR_UNITS_PATTERN.test(text)) {
    throw new MoneyError('invalid_amount', `Not a whole number of minor units: ${JSON.stringify(text)}`);
  }
  return BigInt(text);
}

/** 12550n (or a Money) → "12550", the wire form; parseMinorUnits gives it back. */
export function serialiseMinorUnits(value: bigint | Money): string {
  return checkRange(typeof value === 'bigint' ? value : value.amount).toString();
}

/** A Money from minor units (a bigint, or the wire string); refuses out-of-range amounts and unknown currencies. */
export function money(amount: bigint | string, currency: CurrencyCode): Money {
  const minor = typeof amount === 'string' ? parseMinorUnits(amount) : checkRange(amount);
  return { amount: minor, currency: checkCurrency(currency) };
}

/** Zero of a currency. */
export function zero(currency: CurrencyCode): Money {
  return money(0n, currency);
}

/** The amount in major units with exactly the currency's decimals: "125.50", JPY "1250", KWD "1.250", "-0.05". */
export function toMajorString(m: Money): string {
  const exponent = currencyExponent(checkCurrency(m.currency));
  const amount = checkRange(m.amount);
  const negative = amount < 0n;
  const digits = (negative ? -amount : amount).toString().padStart(exponent + 1, '0');
  const cut = digits.length - exponent;
  const major = exponent === 0 ? digits : `${digits.slice(0, cut)}.${digits.slice(cut)}`;
  return negative ? `-${major}` : major;
}

/** The amount and its code as a customer reads them in a message: "125.50 EUR", "1250 JPY". */
export function toMajorWithCurrency(m: Money): string {
  return `${toMajorString(m)} ${m.currency}`;
}

/**
 * "125.5" in GBP → 12550n minor units. Refuses more decimals than the currency has (an error, never a
 * rounding: "1.005" GBP, "10.5" JPY), separators other than '.', signs other than a leading '-'.
 */
export function parseMajor(text: string, currency: CurrencyCode): bigint {
  const exponent = currencyExponent(checkCurrency(currency));
  const match = typeof text === 'string' && text.length <= 64 ? MAJOR_PATTERN.exec(text) : null;
  if (!match) throw new MoneyError('invalid_amount', `Not a decimal amount: ${JSON.stringify(text)}`);
  const [, sign = '', whole = '0', fraction = ''] = match;
  if (fraction.length > exponent) {
    throw new MoneyError('too_many_decimals', `${currency} amounts have ${exponent} decimals at most: ${text}`);
  }
  const minor = BigInt(whole) * pow10(exponent) + BigInt(fraction.padEnd(exponent, '0') || '0');
  return checkRange(sign === '-' ? -minor : minor);
}

/** Throws unless both amounts are in the same currency (adding pounds to euros is a bug, not a rounding). */
export function assertSameCurrency(a: Money, b: Money): CurrencyCode {
  if (a.currency !== b.currency) {
    throw new MoneyError('currency_mismatch', `Cannot mix ${a.currency} and ${b.currency}`);
  }
  return a.currency;
}

export function add(a: Money, b: Money): Money {
  return money(a.amount + b.amount, assertSameCurrency(a, b));
}

export function subtract(a: Money, b: Money): Money {
  return money(a.amount - b.amount, assertSameCurrency(a, b));
}

export function negate(m: Money): Money {
  return money(-m.amount, m.currency);
}

/** -1, 0 or 1 as a is less than, equal to or more than b (same currency only). */
export function compare(a: Money, b: Money): -1 | 0 | 1 {
  assertSameCurrency(a, b);
  return a.amount < b.amount ? -1 : a.amount > b.amount ? 1 : 0;
}

export function equals(a: Money, b: Money): boolean {
  return a.currency === b.currency && a.amount === b.amount;
}

export function isZero(m: Money): boolean {
  return m.amount === 0n;
}

export function isNegative(m: Money): boolean {
  return m.amount < 0n;
}

export function isPositive(m: Money): boolean {
  return m.amount > 0n;
}

/**
 * The sum of a list in one currency. An empty list needs the currency (its sum is zero of it); a
 * currency given with a non-empty list must match every item.
 */
export function sum(list: readonly Money[], currency?: CurrencyCode): Money {
  const start = currency ?? list[0]?.currency;
  if (start === undefined) throw new MoneyError('invalid_currency', 'The sum of an empty list needs its currency');
  let total = zero(start);
  for (const item of list) total = add(total, item);
  return total;
}
