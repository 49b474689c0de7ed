import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  add,
  assertSameCurrency,
  compare,
  equals,
  isNegative,
  isPositive,
  isZero,
  MAX_AMOUNT_DIGITS,
  money,
  negate,
  parseMajor,
  parseMinorUnits,
  serialiseMinorUnits,
  subtract,
  sum,
  toMajorString,
  toMajorWithCurrency,
  zero,
} from './amounts.ts';
import { CURRENCIES, currencyExponent, isCurrencyCode, type CurrencyCode } from './currencies.ts';
import { MoneyError } from './errors.ts';

const codes = Object.keys(CURRENCIES) as CurrencyCode[];
const currency = fc.constantFrom(...codes);
const limit = 10n ** BigInt(MAX_AMOUNT_DIGITS);
/** Any amount the module accepts: up to 30 digits, either sign. */
const anyAmount = fc.bigInt({ min: -limit + 1n, max: limit - 1n });
/** Amounts whose sums of a few stay in range. */
const amount = fc.bigInt({ min: -(10n ** 27n), max: 10n ** 27n });

function code(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return error instanceof MoneyError ? error.code : 'not a MoneyError';
  }
  return undefined;
}

describe('currencies (docs/product/money-movement.md#money)', () => {
  it('know their exponents, JPY 0 and KWD 3 included', () => {
    expect(currencyExponent('GBP')).toBe(2);
    expect(currencyExponent('JPY')).toBe(0);
    expect(currencyExponent('KWD')).toBe(3);
    expect(isCurrencyCode('XXX')).toBe(false);
    expect(isCurrencyCode('toString')).toBe(false);
  });
});

describe('minor-unit strings', () => {
  it('parse the canonical wire form', () => {
    expect(parseMinorUnits('12550')).toBe(12550n);
    expect(parseMinorUnits('0')).toBe(0n);
    expect(parseMinorUnits('-5')).toBe(-5n);
    expect(parseMinorUnits('9'.repeat(30))).toBe(limit - 1n);
  });

  it.each([
    ['a float', '125.50'],
    ['an exponent', '1e3'],
    ['a plus sign', '+12'],
    ['a trailing minus', '12-'],
    ['a leading zero', '012'],
    ['minus zero', '-0'],
    ['a space', ' 12'],
    ['an empty string', ''],
    ['31 digits', '1'.repeat(31)],
    ['a hex literal', '0x10'],
    ['an underscore', '1_000'],
    ['non-ASCII digits', '١٢'],
  ])('refuse %s', (_name, text) => {
    expect(code(() => parseMinorUnits(text))).toBe('invalid_amount');
  });

  it('refuse what is not a string', () => {
    expect(code(() => parseMinorUnits(12 as unknown as string))).toBe('invalid_amount');
  });

  it('parse(serialise(x)) = x for every amount in range', () => {
    fc.assert(fc.property(anyAmount, (x) => parseMinorUnits(serialiseMinorUnits(x)) === x));
  });

  it('serialise(parse(s)) = s for every canonical string', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^(?:0|-?[1-9][0-9]{0,29})$/),
        (s) => serialiseMinorUnits(parseMinorUnits(s)) === s,
      ),
    );
  });
});

describe('money()', () => {
  it('takes a bigint or the wire string', () => {
    expect(money('12550', 'GBP')).toEqual({ amount: 12550n, currency: 'GBP' });
    expect(money(12550n, 'GBP')).toEqual(money('12550', 'GBP'));
  });

  it('refuses amounts beyond 30 digits, unknown currencies and numbers', () => {
    expect(code(() => money(limit, 'GBP'))).toBe('out_of_range');
    expect(code(() => money(-limit, 'GBP'))).toBe('out_of_range');
    expect(code(() => money(1n, 'XXX' as CurrencyCode))).toBe('invalid_currency');
    expect(code(() => money(1.5 as unknown as bigint, 'GBP'))).toBe('invalid_amount');
  });
});

describe('major units', () => {
  it.each([
    [12550n, 'GBP', '125.50'],
    [5n, 'GBP', '0.05'],
    [-5n, 'GBP', '-0.05'],
    [0n, 'GBP', '0.00'],
    [1250n, 'JPY', '1250'],
    [-1250n, 'JPY', '-1250'],
    [1250n, 'KWD', '1.250'],
    [1n, 'KWD', '0.001'],
  ] as const)('%s minor units of %s are "%s"', (amount, currency, text) => {
    expect(toMajorString(money(amount, currency))).toBe(text);
    expect(parseMajor(text, currency)).toBe(amount);
  });

  it('toMajorWithCurrency words an amount for a message: its major units and its code', () => {
    expect(toMajorWithCurrency(money(12550n, 'EUR'))).toBe('125.50 EUR');
    expect(toMajorWithCurrency(money(1250n, 'JPY'))).toBe('1250 JPY');
  });

  it('parseMajor takes fewer decimals than the currency has, and leading zeros', () => {
    expect(parseMajor('125.5', 'GBP')).toBe(12550n);
    expect(parseMajor('125', 'GBP')).toBe(12500n);
    expect(parseMajor('0125.5', 'GBP')).toBe(12550n);
    expect(parseMajor('1.25', 'KWD')).toBe(1250n);
    expect(parseMajor('-0', 'GBP')).toBe(0n);
  });

  it('parseMajor refuses more decimals than the currency has: an error, never a rounding', () => {
    expect(code(() => parseMajor('1.005', 'GBP'))).toBe('too_many_decimals');
    expect(code(() => parseMajor('125.500', 'GBP'))).toBe('too_many_decimals');
    expect(code(() => parseMajor('10.5', 'JPY'))).toBe('too_many_decimals');
    expect(code(() => parseMajor('1.0001', 'KWD'))).toBe('too_many_decimals');
  });

  it.each(['1,5', '1.', '.5', '+1', '1e2', '', '--1', '1.2.3', ' 1', 'NaN', 'Infinity'])(
    'parseMajor refuses "%s"',
    (text) => {
      expect(code(() => parseMajor(text, 'GBP'))).toBe('invalid_amount');
    },
  );

  it('parseMajor refuses more than 30 digits of minor units', () => {
    expect(code(() => parseMajor('9'.repeat(28) + '.99', 'GBP'))).toBe(undefined);
    expect(code(() => parseMajor('1' + '0'.repeat(28), 'GBP'))).toBe('out_of_range');
  });

  it('parseMajor(toMajorString(m)) = m.amount in every currency, with exactly its decimals', () => {
    fc.assert(
      fc.property(anyAmount, currency, (amount, c) => {
        const text = toMajorString(money(amount, c));
        const decimals = text.includes('.') ? (text.split('.')[1] ?? '').length : 0;
        return parseMajor(text, c) === amount && decimals === currencyExponent(c);
      }),
    );
  });

  it('a 30-digit amount keeps every digit', () => {
    const digits = '123456789012345678901234567890';
    expect(toMajorString(money(digits, 'KWD'))).toBe('123456789012345678901234567.890');
    expect(toMajorString(money(digits, 'JPY'))).toBe(digits);
  });
});

describe('arithmetic', () => {
  it('adds, subtracts and compares in one currency', () => {
    const a = money(12550n, 'GBP');
    const b = money(450n, 'GBP');
    expect(add(a, b)).toEqual(money(13000n, 'GBP'));
    expect(subtract(b, a)).toEqual(money(-12100n, 'GBP'));
    expect(compare(a, b)).toBe(1);
    expect(compare(b, a)).toBe(-1);
    expect(compare(a, a)).toBe(0);
    expect(isNegative(subtract(b, a))).toBe(true);
    expect(isZero(zero('JPY'))).toBe(true);
    expect(isPositive(a)).toBe(true);
    expect(negate(a)).toEqual(money(-12550n, 'GBP'));
  });

  it('throws on mixing currencies', () => {
    const gbp = money(1n, 'GBP');
    const eur = money(1n, 'EUR');
    expect(code(() => add(gbp, eur))).toBe('currency_mismatch');
    expect(code(() => subtract(gbp, eur))).toBe('currency_mismatch');
    expect(code(() => compare(gbp, eur))).toBe('currency_mismatch');
    expect(code(() => assertSameCurrency(gbp, eur))).toBe('currency_mismatch');
    expect(code(() => sum([gbp, eur]))).toBe('currency_mismatch');
    expect(code(() => sum([gbp], 'EUR'))).toBe('currency_mismatch');
    expect(equals(gbp, eur)).toBe(false);
  });

  it('sum of an empty list needs its currency', () => {
    expect(sum([], 'KWD')).toEqual(zero('KWD'));
    expect(code(() => sum([]))).toBe('invalid_currency');
  });

  it('throws when a result leaves the 30-digit range', () => {
    const big = money(limit - 1n, 'GBP');
    expect(code(() => add(big, money(1n, 'GBP')))).toBe('out_of_range');
  });

  it('subtraction is the inverse of addition', () => {
    fc.assert(
      fc.property(amount, amount, currency, (x, y, c) => {
        const a = money(x, c);
        const b = money(y, c);
        return equals(subtract(add(a, b), b), a) && equals(add(subtract(a, b), b), a);
      }),
    );
  });

  it('compare agrees with the sign of the difference', () => {
    fc.assert(
      fc.property(amount, amount, currency, (x, y, c) => {
        const d = subtract(money(x, c), money(y, c));
        const expected = isNegative(d) ? -1 : isZero(d) ? 0 : 1;
        return compare(money(x, c), money(y, c)) === expected;
      }),
    );
  });

  it('sum is the total of its items in any order, and of its parts', () => {
    fc.assert(
      fc.property(fc.array(amount, { maxLength: 20 }), currency, (xs, c) => {
        const list = xs.map((x) => money(x, c));
        const total = sum(list, c);
        const expected = xs.reduce((acc, x) => acc + x, 0n);
        const half = Math.floor(list.length / 2);
        return (
          total.amount === expected &&
          equals(sum([...list].reverse(), c), total) &&
          equals(add(sum(list.slice(0, half), c), sum(list.slice(half), c)), total)
        );
      }),
    );
  });

  it('sums of non-negative amounts are never negative', () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: 0n, max: 10n ** 27n }), { maxLength: 20 }), currency, (xs, c) => {
        return !isNegative(
          sum(
            xs.map((x) => money(x, c)),
            c,
          ),
        );
      }),
    );
  });
});
