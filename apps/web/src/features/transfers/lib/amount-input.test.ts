import { describe, expect, it } from 'vitest';
import { checkTyped, normaliseTyped, parseTyped, toInputText } from './amount-input';

describe('typed amounts (docs/product/money-movement.md#money)', () => {
  it('reads the locale’s separators, never through a float', () => {
    expect(normaliseTyped('1,234.5', 'en')).toBe('1234.5');
    expect(normaliseTyped('1 234,5', 'fr')).toBe('1234.5');
    expect(normaliseTyped('1\u202f234,5', 'fr')).toBe('1234.5');
    expect(normaliseTyped('12a', 'en')).toBeNull();
    expect(parseTyped('125.5', 'GBP', 'en')).toBe(12550n);
    expect(parseTyped('125,5', 'EUR', 'fr')).toBe(12550n);
    expect(parseTyped('123456789012345678901234567.89', 'GBP', 'en')).toBe(12345678901234567890123456789n);
    expect(parseTyped('.5', 'GBP', 'en')).toBe(50n);
    expect(parseTyped('12.', 'GBP', 'en')).toBe(1200n);
    expect(parseTyped('', 'GBP', 'en')).toBeNull();
    expect(parseTyped('.', 'GBP', 'en')).toBeNull();
  });

  it('refuses more decimals than the currency has', () => {
    expect(checkTyped('10.55', 'GBP', 'en')).toBeNull();
    expect(checkTyped('10.555', 'GBP', 'en')).toBe('decimals');
    expect(checkTyped('1500', 'JPY', 'en')).toBeNull();
    expect(checkTyped('1500.', 'JPY', 'en')).toBe('decimals');
    expect(checkTyped('1.234', 'KWD', 'en')).toBeNull();
    expect(checkTyped('1.2345', 'KWD', 'en')).toBe('decimals');
    expect(checkTyped('1-2', 'GBP', 'en')).toBe('invalid');
    expect(parseTyped('10.555', 'GBP', 'en')).toBeNull();
  });

  it('refuses more than the largest amount, 10^12 major units in every currency', () => {
    expect(checkTyped('1000000000000', 'GBP', 'en')).toBeNull();
    expect(checkTyped('1,000,000,000,000.00', 'GBP', 'en')).toBeNull();
    expect(checkTyped('1000000000000.01', 'GBP', 'en')).toBe('too_large');
    expect(checkTyped('9999999999999', 'GBP', 'en')).toBe('too_large');
    expect(checkTyped('1000000000000', 'JPY', 'en')).toBeNull();
    expect(checkTyped('1000000000001', 'JPY', 'en')).toBe('too_large');
    expect(checkTyped('1000000000000.000', 'KWD', 'en')).toBeNull();
    expect(checkTyped('1000000000000,001', 'KWD', 'fr')).toBe('too_large');
    expect(checkTyped('0001000000000000', 'GBP', 'en')).toBeNull();
    // Past what the money module reads at all (30 digits, 64 characters): still "too large", not silence.
    expect(checkTyped('9'.repeat(40), 'GBP', 'en')).toBe('too_large');
    expect(checkTyped('9'.repeat(100), 'VND', 'en')).toBe('too_large');
  });

  it('shows minor units back in the field, and rates in the locale', () => {
    expect(toInputText('165250', 'KES', 'en')).toBe('1652.50');
    expect(toInputText(100000n, 'GBP', 'en')).toBe('1000');
    expect(toInputText('1234', 'KWD', 'fr')).toBe('1,234');
    expect(toInputText('1500', 'JPY', 'en')).toBe('1500');
  });
});
