import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compare, isNegative, money, subtract, toMajorString, type Money } from './amounts.ts';
import { convert, sourceFor } from './convert.ts';
import { CURRENCIES, currencyExponent, type CurrencyCode } from './currencies.ts';
import { MoneyError } from './errors.ts';
import { parseRate, rateOf, type Rate } from './rates.ts';

const codes = Object.keys(CURRENCIES) as CurrencyCode[];
const pairs = codes.flatMap((source) => codes.map((target) => [source, target] as const));

/** Rates from 10^-12 to just under 10^12, spread over their number of digits. */
const rate: fc.Arbitrary<Rate> = fc.integer({ min: 0, max: 12 }).chain((scale) =>
  fc
    .integer({ min: 1, max: 12 + scale })
    .chain((digits) => fc.bigInt({ min: 10n ** BigInt(digits - 1), max: 10n ** BigInt(digits) - 1n }))
    .map((value) => rateOf(value, scale)),
);

/** Amounts of 0 to 14 digits of minor units (up to 10^12 pounds), spread over their number of digits. */
const amount: fc.Arbitrary<bigint> = fc
  .integer({ min: 0, max: 14 })
  .chain((digits) =>
    digits === 0 ? fc.constant(0n) : fc.bigInt({ min: 10n ** BigInt(digits - 1), max: 10n ** BigInt(digits) - 1n }),
  );

/** The exact value of `m × rate` in minor units of `target`, as the fraction num / den. */
function exact(m: Money, r: Rate, target: CurrencyCode): { num: bigint; den: bigint } {
  return {
    num: m.amount * r.value * 10n ** BigInt(currencyExponent(target)),
    den: 10n ** BigInt(r.scale + currencyExponent(m.currency)),
  };
}

const one = (c: CurrencyCode) => money(1n, c);

/** Runs a property for every pair of currencies (every pair of exponents, both ways), naming the pair that fails. */
function forEveryPair(property: (s: CurrencyCode, t: CurrencyCode) => fc.IProperty<[bigint, Rate]>): void {
  for (const [s, t] of pairs) {
    try {
      fc.assert(property(s, t), { numRuns: 25 });
    } catch (error) {
      throw new Error(`${s} → ${t}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

function code(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return error instanceof MoneyError ? error.code : 'not a MoneyError';
  }
  return undefined;
}

describe('conversion (docs/product/money-movement.md#quotes: target = source × rate, rounded down)', () => {
  it.each([
    ['GBP', '125.50', '1.167533', 'EUR', '146.52'],
    ['JPY', '100000', '0.002', 'KWD', '200.000'],
    ['KWD', '1.250', '500.123', 'JPY', '625'],
    ['JPY', '1', '0.0065', 'GBP', '0.00'],
    ['GBP', '0.01', '190.75', 'JPY', '1'],
    ['GBP', '100.00', '171.2399', 'KES', '17123.99'],
    ['USD', '0.99', '0.306', 'KWD', '0.302'],
  ] as const)('%s %s at %s is %s %s', (from, major, r, to, expected) => {
    const source = money(BigInt(major.replace('.', '')), from);
    expect(toMajorString(convert(source, parseRate(r), to))).toBe(expected);
  });

  it.each([
    ['JPY', '625', '500.123', 'KWD', '1.250'],
    ['EUR', '146.52', '1.167533', 'GBP', '125.50'],
    ['GBP', '0.01', '0.0065', 'JPY', '2'],
    ['JPY', '1', '190.75', 'GBP', '0.01'],
  ] as const)('receiving %s %s at %s needs %s %s', (to, major, r, from, expected) => {
    const target = money(BigInt(major.replace('.', '')), to);
    const source = sourceFor(target, parseRate(r), from);
    expect(toMajorString(source)).toBe(expected);
    expect(compare(convert(source, parseRate(r), to), target)).toBeGreaterThanOrEqual(0);
    expect(compare(convert(subtract(source, one(from)), parseRate(r), to), target)).toBe(-1);
  });

  it('zero converts to zero both ways', () => {
    expect(convert(money(0n, 'GBP'), parseRate('1.2'), 'EUR')).toEqual(money(0n, 'EUR'));
    expect(sourceFor(money(0n, 'EUR'), parseRate('1.2'), 'GBP')).toEqual(money(0n, 'GBP'));
  });

  it('refuses negative amounts, bad rates and unknown currencies', () => {
    expect(code(() => convert(money(-1n, 'GBP'), parseRate('1.2'), 'EUR'))).toBe('negative_amount');
    expect(code(() => sourceFor(money(-1n, 'EUR'), parseRate('1.2'), 'GBP'))).toBe('negative_amount');
    expect(code(() => convert(money(1n, 'GBP'), { value: 0n, scale: 0 }, 'EUR'))).toBe('invalid_rate');
    expect(code(() => convert(money(1n, 'GBP'), parseRate('1.2'), 'XXX' as CurrencyCode))).toBe('invalid_currency');
  });

  it('refuses a result beyond 30 digits instead of wrapping it', () => {
    const huge = money(10n ** 29n, 'JPY');
    expect(code(() => convert(huge, parseRate('999999999999'), 'KWD'))).toBe('out_of_range');
  });

  it('the customer never gets more than the rate gives, and less by under one minor unit, for every pair of currencies', () => {
    forEveryPair((s, t) =>
      fc.property(amount, rate, (a, r) => {
        const source = money(a, s);
        const target = convert(source, r, t);
        const { num, den } = exact(source, r, t);
        return !isNegative(target) && target.amount * den <= num && (target.amount + 1n) * den > num;
      }),
    );
  });

  it('sourceFor(t) is the smallest source giving at least t, for every pair of currencies', () => {
    forEveryPair((s, t) =>
      fc.property(amount, rate, (a, r) => {
        const target = money(a, t);
        const source = sourceFor(target, r, s);
        const enough = compare(convert(source, r, t), target) >= 0;
        const smallest = source.amount === 0n || compare(convert(subtract(source, one(s)), r, t), target) < 0;
        return !isNegative(source) && enough && smallest;
      }),
    );
  });

  it('send → receive → send comes back within one minor unit, for every pair of currencies', () => {
    forEveryPair((s, t) =>
      fc.property(amount, rate, (a, r) => {
        const sent = money(a, s);
        const received = convert(sent, r, t);
        const back = sourceFor(received, r, s);
        // The same amount received, for at most what was sent; the difference is worth less than
        // one minor unit of the target; when a source minor unit buys at least a target one, exact.
        const oneBuysOne = convert(one(s), r, t).amount >= 1n;
        return (
          compare(back, sent) <= 0 &&
          compare(convert(back, r, t), received) === 0 &&
          convert(subtract(sent, back), r, t).amount === 0n &&
          (!oneBuysOne || compare(back, sent) === 0)
        );
      }),
    );
  });

  it('receive → send → receive comes back within one minor unit of the source, for every pair of currencies', () => {
    forEveryPair((s, t) =>
      fc.property(amount, rate, (a, r) => {
        const wanted = money(a, t);
        const paid = sourceFor(wanted, r, s);
        const got = convert(paid, r, t);
        // At least what was wanted, and over it by less than what one source minor unit buys
        // (num / den target minor units); exact when a source minor unit buys at most one.
        const overshoot = subtract(got, wanted);
        const { num, den } = exact(one(s), r, t);
        return !isNegative(overshoot) && overshoot.amount * den < num && (num > den || overshoot.amount === 0n);
      }),
    );
  });

  it('is monotonic: more sent never means less received', () => {
    fc.assert(
      fc.property(amount, amount, rate, fc.constantFrom(...pairs), (x, y, r, [s, t]) => {
        const [lo, hi] = x <= y ? [x, y] : [y, x];
        return compare(convert(money(lo, s), r, t), convert(money(hi, s), r, t)) <= 0;
      }),
      { numRuns: 2_000 },
    );
  });
});
