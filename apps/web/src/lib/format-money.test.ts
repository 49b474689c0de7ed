import { CURRENCIES, currencyExponent, toMajorString, money, type CurrencyCode } from '@remit/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney } from './format-money';

const codes = Object.keys(CURRENCIES) as CurrencyCode[];
const locales = [
  'en-GB',
  'en-US',
  'fr-FR',
  'de-DE',
  'de-CH',
  'ja-JP',
  'en-IN',
  'ar-EG',
  'ar-KW',
  'hi-IN',
  'bn-BD',
  'sw-KE',
];
const limit = 10n ** 30n;
/** Western digits of a formatted amount (Arabic-Indic and Bengali digits included), in order. */
const digitsOf = (text: string) =>
  [...text]
    .map((ch) => {
      const code = ch.codePointAt(0) ?? 0;
      if (code >= 0x30 && code <= 0x39) return ch;
      for (const zero of [0x660, 0x6f0, 0x966, 0x9e6]) {
        if (code >= zero && code <= zero + 9) return String(code - zero);
      }
      return '';
    })
    .join('');

describe('formatMoney (docs/product/money-movement.md#money)', () => {
  it.each([
    [{ amount: '12550', currency: 'GBP' }, 'en-GB', '£125.50'],
    [{ amount: '12550', currency: 'GBP' }, 'fr-FR', '125,50\u00a0£GB'],
    [{ amount: '-5', currency: 'GBP' }, 'en-GB', '-£0.05'],
    [{ amount: '0', currency: 'EUR' }, 'de-DE', '0,00\u00a0€'],
    [{ amount: '1250', currency: 'JPY' }, 'ja-JP', '￥1,250'],
    [{ amount: '1250', currency: 'KWD' }, 'en-GB', 'KWD\u00a01.250'],
    [{ amount: '-1', currency: 'KWD' }, 'en-GB', '-KWD\u00a00.001'],
    [{ amount: 1234567890n, currency: 'INR' }, 'en-IN', '₹1,23,45,678.90'],
    [{ amount: '123456', currency: 'AED' }, 'ar-EG', '\u200f١٬٢٣٤٫٥٦\u00a0د.إ.\u200f'],
  ] as const)('%o in %s is %s', (value, locale, expected) => {
    expect(formatMoney(value, locale)).toBe(expected);
  });

  it('formats a 30-digit amount exactly', () => {
    const amount = '123456789012345678901234567890';
    expect(formatMoney({ amount, currency: 'GBP' }, 'en-GB')).toBe('£1,234,567,890,123,456,789,012,345,678.90');
    expect(formatMoney({ amount: `-${amount}`, currency: 'KWD' }, 'de-DE')).toBe(
      '-123.456.789.012.345.678.901.234.567,890\u00a0KWD',
    );
  });

  it('refuses what is not a wire amount', () => {
    expect(() => formatMoney({ amount: '125.50', currency: 'GBP' }, 'en-GB')).toThrow();
    expect(() => formatMoney({ amount: '1', currency: 'XXX' as CurrencyCode }, 'en-GB')).toThrow();
  });

  it('never loses a digit, in any currency, locale or size', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -limit + 1n, max: limit - 1n }),
        fc.constantFrom(...codes),
        fc.constantFrom(...locales),
        (amount, currency, locale) => {
          const text = formatMoney({ amount, currency }, locale);
          const size = amount < 0n ? -amount : amount;
          const expected = size.toString().padStart(currencyExponent(currency) + 1, '0');
          return digitsOf(text) === expected;
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it("matches the locale's own formatting around zero, in every currency and locale", () => {
    for (const locale of locales) {
      for (const currency of codes) {
        const exponent = currencyExponent(currency);
        const reference = new Intl.NumberFormat(locale, {
          style: 'currency',
          currency,
          minimumFractionDigits: exponent,
          maximumFractionDigits: exponent,
        });
        for (const amount of [-1001n, -1000n, -999n, -100n, -99n, -1n, 0n, 1n, 99n, 100n, 1001n]) {
          const decimal = toMajorString(money(amount, currency)) as `${number}`;
          expect(formatMoney({ amount, currency }, locale), `${amount} ${currency} ${locale}`).toBe(
            reference.format(decimal),
          );
        }
      }
    }
  });

  it("matches the locale's own exact decimal formatting (Intl.NumberFormat of a decimal string)", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -limit + 1n, max: limit - 1n }),
        fc.constantFrom(...codes),
        fc.constantFrom(...locales),
        (amount, currency, locale) => {
          const exponent = currencyExponent(currency);
          const reference = new Intl.NumberFormat(locale, {
            style: 'currency',
            currency,
            minimumFractionDigits: exponent,
            maximumFractionDigits: exponent,
          });
          const decimal = toMajorString(money(amount, currency)) as `${number}`;
          return formatMoney({ amount, currency }, locale) === reference.format(decimal);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
