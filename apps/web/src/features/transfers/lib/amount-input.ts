import {
  currencyExponent,
  MAX_AMOUNT_MAJOR_DIGITS,
  maxAmount,
  parseMajor,
  toMajorString,
  type CurrencyCode,
} from '@remit/contract';

/**
 * Amounts as the customer types them (docs/product/money-movement.md#money): the locale's decimal
 * separator (and '.'), grouping and spaces ignored, at most the currency's decimals (JPY none, KWD
 * three). The text becomes minor units through the contract's money module, never a float.
 */

const separators = new Map<string, { decimal: string; group: string }>();

function separatorsOf(locale: string): { decimal: string; group: string } {
  let found = separators.get(locale);
  if (!found) {
    // eslint-disable-next-line no-restricted-syntax -- a sample to read the locale's separators, not an amount
    const parts = new Intl.NumberFormat(locale).formatToParts(12345.5);
    found = {
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
    };
    separators.set(locale, found);
  }
  return found;
}

export function decimalSeparator(locale: string): string {
  return separatorsOf(locale).decimal;
}

/** "1 234,5" (fr) or "1,234.5" (en) → "1234.5"; null when it is not a decimal number being typed. */
export function normaliseTyped(text: string, locale: string): string | null {
  const { decimal, group } = separatorsOf(locale);
  let plain = text.replace(/[\s\u00a0\u202f]/g, '');
  if (group !== decimal && !/\s|\u00a0|\u202f/.test(group)) plain = plain.split(group).join('');
  if (decimal !== '.') plain = plain.split(decimal).join('.');
  return /^[0-9]*(?:\.[0-9]*)?$/.test(plain) ? plain : null;
}

export type TypedProblem = 'invalid' | 'decimals' | 'too_large';

/**
 * Whether a keystroke's result may stand in the field: digits and one separator, within the
 * currency's decimals, at most the currency's largest amount (`maxAmount`: 10^12 major units, what
 * the api quotes at most; docs/product/money-movement.md#money).
 */
export function checkTyped(text: string, currency: CurrencyCode, locale: string): TypedProblem | null {
  const plain = normaliseTyped(text, locale);
  if (plain === null) return 'invalid';
  const [whole = '', fraction] = plain.split('.');
  const exponent = currencyExponent(currency);
  if (fraction !== undefined && (exponent === 0 || fraction.length > exponent)) return 'decimals';
  if (whole.replace(/^0+/, '').length > MAX_AMOUNT_MAJOR_DIGITS + 1) return 'too_large';
  const amount = parseTyped(text, currency, locale);
  return amount !== null && amount > maxAmount(currency).amount ? 'too_large' : null;
}

/** The typed amount in minor units; null when empty, zero-length or not an amount of that currency. */
export function parseTyped(text: string, currency: CurrencyCode, locale: string): bigint | null {
  const plain = normaliseTyped(text, locale);
  if (plain === null || !/[0-9]/.test(plain)) return null;
  const [whole = '', fraction] = plain.split('.');
  const canonical = `${whole || '0'}${fraction ? `.${fraction}` : ''}`;
  try {
    return parseMajor(canonical, currency);
  } catch {
    return null;
  }
}

/** Minor units → what the field shows: no grouping, the locale's separator, ".00" left out. */
export function toInputText(minor: string | bigint, currency: CurrencyCode, locale: string): string {
  const major = toMajorString({ amount: typeof minor === 'bigint' ? minor : BigInt(minor), currency });
  const trimmed = /\.0+$/.test(major) ? major.replace(/\.0+$/, '') : major;
  return trimmed.replace('.', decimalSeparator(locale));
}
