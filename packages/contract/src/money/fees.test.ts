import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { add, compare, equals, isNegative, money, sum, toMajorString, type Money } from './amounts.ts';
import { convert } from './convert.ts';
import { CURRENCIES, SEND_CURRENCIES, type CurrencyCode } from './currencies.ts';
import { MoneyError } from './errors.ts';
import { feeTotal, percentOf, type FeeItem } from './fees.ts';
import { quoteAmounts } from './quote.ts';
import { applyMargin, parseRate, rateOf, type Rate } from './rates.ts';

const codes = Object.keys(CURRENCIES) as CurrencyCode[];
/** Up to 10^12 pounds in minor units: any quote stays within 30 digits at any rate. */
const amount = fc.bigInt({ min: 0n, max: 10n ** 14n });
const bps = fc.integer({ min: 0, max: 10_000 });
/** Rates from 10^-12 to just under 10^12, spread over their number of digits. */
const rate: fc.Arbitrary<Rate> = fc.integer({ min: 0, max: 12 }).chain((scale) =>
  fc
    .integer({ min: 1, max: 12 + scale })
    .chain((digits) => fc.bigInt({ min: 10n ** BigInt(digits - 1), max: 10n ** BigInt(digits) - 1n }))
    .map((value) => rateOf(value, scale)),
);

function code(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return error instanceof MoneyError ? error.code : 'not a MoneyError';
  }
  return undefined;
}

type FeeType = 'our_fee' | 'pay_in' | 'partner';

/** A corridor's fees as the pricing module will build them: fixed + bps of the source, partner fixed. */
const fees =
  (fixed: bigint, ourBps: number, payInBps: number, partner: bigint) =>
  (source: Money): FeeItem<FeeType>[] => [
    { type: 'our_fee', label: 'Our fee', amount: add(money(fixed, source.currency), percentOf(source, ourBps)) },
    { type: 'pay_in', label: 'Card payment', amount: percentOf(source, payInBps) },
    { type: 'partner', label: 'Partner fee', amount: money(partner, source.currency) },
  ];

describe('fees (docs/product/money-movement.md#money: fees round up)', () => {
  it.each([
    [12550n, 35, 44n], // 43.925 → 44
    [10000n, 50, 50n], // exact
    [1n, 1, 1n], // 0.0001 → 1
    [0n, 500, 0n],
    [999n, 10_000, 999n],
    [12345n, 0, 0n],
  ] as const)('%s minor units at %s bps is %s', (amountValue, points, expected) => {
    expect(percentOf(money(amountValue, 'GBP'), points)).toEqual(money(expected, 'GBP'));
  });

  it('refuses negative amounts and basis points that are not whole, or over 100 %', () => {
    expect(code(() => percentOf(money(-1n, 'GBP'), 10))).toBe('negative_amount');
    for (const bad of [-1, 10_001, 2.5, Number.NaN]) {
      expect(code(() => percentOf(money(100n, 'GBP'), bad))).toBe('invalid_basis_points');
    }
  });

  it('rounds up: at least the exact percentage, and less than one minor unit over', () => {
    fc.assert(
      fc.property(amount, bps, fc.constantFrom(...codes), (a, points, c) => {
        const fee = percentOf(money(a, c), points);
        const exact = a * BigInt(points); // × 10000
        return fee.amount * 10_000n >= exact && (fee.amount - 1n) * 10_000n < exact && !isNegative(fee);
      }),
    );
  });

  it('fee items add up to the fee total', () => {
    const items = fees(99n, 50, 140, 120n)(money(12550n, 'GBP'));
    expect(items.map((item) => toMajorString(item.amount))).toEqual(['1.62', '1.76', '1.20']);
    expect(feeTotal(items, 'GBP')).toEqual(money(458n, 'GBP'));
    expect(feeTotal([], 'GBP')).toEqual(money(0n, 'GBP'));
    expect(code(() => feeTotal(items, 'EUR'))).toBe('currency_mismatch');
  });

  it('fee items add up to the fee, in any order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ type: fc.constantFrom('our_fee', 'pay_in', 'partner'), amount }), { maxLength: 8 }),
        fc.constantFrom(...codes),
        (raw, c) => {
          const items = raw.map(({ type, amount: a }) => ({ type, label: type, amount: money(a, c) }));
          const total = feeTotal(items, c);
          const expected = raw.reduce((acc, item) => acc + item.amount, 0n);
          return total.amount === expected && equals(feeTotal([...items].reverse(), c), total) && !isNegative(total);
        },
      ),
    );
  });
});

describe('quote amounts (docs/product/money-movement.md#quotes)', () => {
  const rate117 = applyMargin(parseRate('1.1734'), 50);

  it('by send amount: the fee is on top, the target is source × rate rounded down', () => {
    const quote = quoteAmounts({
      by: 'source',
      amount: money(12550n, 'GBP'),
      sourceCurrency: 'GBP',
      targetCurrency: 'EUR',
      rate: rate117,
      fees: fees(99n, 50, 0, 120n),
    });
    expect(quote.source).toEqual(money(12550n, 'GBP'));
    expect(quote.target).toEqual(money(14652n, 'EUR'));
    expect(quote.fee.total).toEqual(money(282n, 'GBP'));
    expect(quote.totalToPay).toEqual(money(12832n, 'GBP'));
  });

  it('by receive amount: exactly the amount asked, from the smallest source that gives at least that much', () => {
    const quote = quoteAmounts({
      by: 'target',
      amount: money(1_000_000n, 'KES'),
      sourceCurrency: 'GBP',
      targetCurrency: 'KES',
      rate: parseRate('171.23'),
      fees: fees(0n, 50, 0, 0n),
    });
    expect(quote.source).toEqual(money(5841n, 'GBP'));
    // 58.41 GBP converts to 10,001.54 KES: the recipient gets the 10,000.00 asked, the 1.54 is ours.
    expect(convert(quote.source, parseRate('171.23'), 'KES')).toEqual(money(1_000_154n, 'KES'));
    expect(quote.target).toEqual(money(1_000_000n, 'KES'));
    expect(quote.fee.total).toEqual(money(30n, 'GBP'));
    expect(quote.totalToPay).toEqual(money(5871n, 'GBP'));
  });

  it('refuses an amount in the wrong currency for its side', () => {
    const ask = { sourceCurrency: 'GBP', targetCurrency: 'EUR', rate: rate117, fees: fees(0n, 0, 0, 0n) } as const;
    expect(code(() => quoteAmounts({ ...ask, by: 'source', amount: money(1n, 'EUR') }))).toBe('currency_mismatch');
    expect(code(() => quoteAmounts({ ...ask, by: 'target', amount: money(1n, 'GBP') }))).toBe('currency_mismatch');
  });

  it('totals add up, the target is the amount asked or what the source converts to, and nothing is negative', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SEND_CURRENCIES),
        fc.constantFrom(...codes),
        fc.constantFrom('source' as const, 'target' as const),
        amount,
        rate,
        fc.tuple(fc.bigInt({ min: 0n, max: 10_000n }), bps, bps, fc.bigInt({ min: 0n, max: 10_000n })),
        (s, t, by, a, r, [fixed, ourBps, payInBps, partner]) => {
          const asked = money(a, by === 'source' ? s : t);
          const quote = quoteAmounts({
            by,
            amount: asked,
            sourceCurrency: s,
            targetCurrency: t,
            rate: r,
            fees: fees(fixed, ourBps, payInBps, partner),
          });
          const itemsAddUp = equals(
            sum(
              quote.fee.items.map((item) => item.amount),
              s,
            ),
            quote.fee.total,
          );
          const totalAddsUp = equals(add(quote.source, quote.fee.total), quote.totalToPay);
          const converted = convert(quote.source, r, t);
          // By receive amount the source is the smallest that buys the amount asked: one minor unit less does not.
          const targetIsConversion =
            by === 'source'
              ? equals(converted, quote.target)
              : compare(converted, asked) >= 0 &&
                (quote.source.amount === 0n || compare(convert(money(quote.source.amount - 1n, s), r, t), asked) < 0);
          const askedHonoured = by === 'source' ? equals(quote.source, asked) : equals(quote.target, asked);
          const noneNegative = [quote.source, quote.target, quote.fee.total, quote.totalToPay].every(
            (m) => !isNegative(m),
          );
          return itemsAddUp && totalAddsUp && targetIsConversion && askedHonoured && noneNegative;
        },
      ),
      { numRuns: 1_000 },
    );
  });
});
