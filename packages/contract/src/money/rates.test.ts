import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MoneyError } from './errors.ts';
import {
  applyMargin,
  checkRate,
  compareRates,
  formatRate,
  invertRate,
  MAX_RATE_SCALE,
  multiplyRate,
  parseRate,
  rateOf,
  type Rate,
} from './rates.ts';

function code(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return error instanceof MoneyError ? error.code : 'not a MoneyError';
  }
  return undefined;
}

/** Any rate the module accepts: 10^-12 up to just under 10^12, up to 12 decimals. */
const anyRate: fc.Arbitrary<Rate> = fc
  .tuple(fc.integer({ min: 0, max: MAX_RATE_SCALE }), fc.bigInt({ min: 1n, max: 10n ** 24n - 1n }))
  .map(([scale, value]) => rateOf(value % 10n ** BigInt(12 + scale) || 1n, scale));

/** Exact value / 10^scale as a fraction comparable across scales: a × 10^(24 − scale). */
const at24 = (r: Rate): bigint => r.value * 10n ** BigInt(24 - r.scale);

describe('rates (docs/product/money-movement.md#money)', () => {
  it.each([
    ['1.1734', 11734n, 4],
    ['155', 155n, 0],
    ['0.0052', 52n, 4],
    ['1.1730', 1173n, 3],
    ['2.000', 2n, 0],
    ['0.000000000001', 1n, 12],
    ['999999999999.999999999999', 10n ** 24n - 1n, 12],
  ] as const)('"%s" is %s / 10^%s', (text, value, scale) => {
    expect(parseRate(text)).toEqual({ value, scale });
  });

  it.each([
    ['zero', '0'],
    ['zero with decimals', '0.000'],
    ['a negative rate', '-1.2'],
    ['a plus sign', '+1.2'],
    ['an exponent', '1e-3'],
    ['13 decimals', '1.0000000000001'],
    ['13 integer digits', '1000000000000'],
    ['a leading zero', '01.5'],
    ['a comma', '1,5'],
    ['a lone point', '1.'],
    ['no integer part', '.5'],
    ['an empty string', ''],
  ])('refuse %s', (_name, text) => {
    expect(code(() => parseRate(text))).toBe('invalid_rate');
  });

  it('formatRate writes the wire form, padded on request', () => {
    expect(formatRate(parseRate('1.1734'))).toBe('1.1734');
    expect(formatRate(parseRate('1.1700'))).toBe('1.17');
    expect(formatRate(parseRate('1.17'), 4)).toBe('1.1700');
    expect(formatRate(parseRate('155'))).toBe('155');
    expect(formatRate(parseRate('0.0052'))).toBe('0.0052');
    expect(formatRate({ value: 11700n, scale: 4 })).toBe('1.17');
  });

  it('checks rates built by hand', () => {
    expect(code(() => checkRate({ value: 0n, scale: 2 }))).toBe('invalid_rate');
    expect(code(() => checkRate({ value: -5n, scale: 2 }))).toBe('invalid_rate');
    expect(code(() => checkRate({ value: 5n, scale: 13 }))).toBe('invalid_scale');
    expect(code(() => checkRate({ value: 5n, scale: 1.5 }))).toBe('invalid_scale');
  });

  it('parse(format(r)) = r and format(parse(s)) = s for a normalised s', () => {
    fc.assert(
      fc.property(anyRate, (r) => {
        const text = formatRate(r);
        return compareRates(parseRate(text), r) === 0 && formatRate(parseRate(text)) === text;
      }),
    );
  });

  it('compareRates orders by value whatever the scale', () => {
    expect(compareRates(parseRate('1.5'), parseRate('1.50'))).toBe(0);
    expect(compareRates(parseRate('1.5'), parseRate('1.4999'))).toBe(1);
    expect(compareRates(parseRate('0.9'), parseRate('1'))).toBe(-1);
    expect(compareRates({ value: 150n, scale: 2 }, { value: 15n, scale: 1 })).toBe(0);
    expect(compareRates({ value: 1500n, scale: 3 }, { value: 149n, scale: 2 })).toBe(1);
    fc.assert(
      fc.property(anyRate, anyRate, (a, b) => {
        const x = at24(a);
        const y = at24(b);
        return compareRates(a, b) === (x < y ? -1 : x > y ? 1 : 0);
      }),
    );
  });

  describe('applyMargin', () => {
    it('takes basis points off the mid-market rate, rounding down', () => {
      expect(formatRate(applyMargin(parseRate('1.1734'), 50))).toBe('1.167533');
      expect(formatRate(applyMargin(parseRate('1.1734'), 50, 4))).toBe('1.1675');
      expect(formatRate(applyMargin(parseRate('1.1734'), 0))).toBe('1.1734');
      expect(formatRate(applyMargin(parseRate('155'), 100n))).toBe('153.45');
    });

    it('refuses margins that are not whole basis points below 100 %', () => {
      for (const bad of [-1, 10_000, 0.5, Number.NaN, Number.POSITIVE_INFINITY, -1n]) {
        expect(code(() => applyMargin(parseRate('1.2'), bad))).toBe('invalid_basis_points');
      }
    });

    it('gives the customer less than mid for any margin, never more, and is exact or one step below', () => {
      fc.assert(
        fc.property(anyRate, fc.integer({ min: 0, max: 9_999 }), fc.integer({ min: 0, max: 12 }), (mid, bps, scale) => {
          // Exact and computed values at 24 decimals, times 10000.
          const exact = mid.value * BigInt(10_000 - bps) * 10n ** BigInt(24 - mid.scale);
          const step = 10n ** BigInt(24 - scale) * 10_000n;
          if (exact < step) {
            // Under one step at this scale: refused, never a zero rate.
            return code(() => applyMargin(mid, bps, scale)) === 'invalid_rate';
          }
          const rate = applyMargin(mid, bps, scale);
          const got = at24(rate) * 10_000n;
          const ok = got <= exact && exact - got < step && rate.scale <= scale;
          return ok && (bps === 0 ? compareRates(rate, mid) <= 0 : compareRates(rate, mid) === -1);
        }),
      );
    });
  });

  describe('invertRate', () => {
    it('gives 1 / rate rounded down to the scale', () => {
      expect(formatRate(invertRate(parseRate('1.1734'), 6))).toBe('0.852224');
      expect(formatRate(invertRate(parseRate('0.5')))).toBe('2');
      expect(formatRate(invertRate(parseRate('3'), 4))).toBe('0.3333');
      expect(code(() => invertRate(parseRate('3000'), 2))).toBe('invalid_rate');
      expect(code(() => invertRate(parseRate('0.000000000001')))).toBe('invalid_rate');
    });

    it('rate × inverse ≤ 1 < rate × (inverse + one step)', () => {
      fc.assert(
        fc.property(anyRate, fc.integer({ min: 0, max: 12 }), (rate, scale) => {
          // Compare at scale rate.scale + scale: one = 10^(rate.scale + scale).
          const one = 10n ** BigInt(rate.scale + scale);
          // Rounds to zero, or (1 / 10^-12) reaches 13 integer digits: refused.
          const refused = rate.value > one || rate.value * 10n ** 12n <= 10n ** BigInt(rate.scale);
          if (refused) return code(() => invertRate(rate, scale)) === 'invalid_rate';
          const inverse = invertRate(rate, scale);
          const inv = inverse.value * 10n ** BigInt(scale - inverse.scale);
          return rate.value * inv <= one && rate.value * (inv + 1n) > one;
        }),
      );
    });
  });

  describe('multiplyRate', () => {
    it('is exact up to 12 decimals, then rounds down', () => {
      expect(formatRate(multiplyRate(parseRate('1.1734'), parseRate('0.5')))).toBe('0.5867');
      expect(formatRate(multiplyRate(parseRate('1.25'), parseRate('130.12')))).toBe('162.65');
      expect(formatRate(multiplyRate(parseRate('0.1234567'), parseRate('0.7654321')))).toBe('0.09449772114');
      expect(formatRate(multiplyRate(parseRate('1.1734'), parseRate('0.5'), 2))).toBe('0.58');
    });

    it('never exceeds the exact product and misses it by less than one step', () => {
      fc.assert(
        fc.property(anyRate, anyRate, fc.integer({ min: 0, max: 12 }), (a, b, scale) => {
          const exact = a.value * b.value * 10n ** BigInt(48 - a.scale - b.scale);
          const step = 10n ** BigInt(48 - scale);
          if (exact < step) return code(() => multiplyRate(a, b, scale)) === 'invalid_rate';
          if (exact >= 10n ** 60n) return code(() => multiplyRate(a, b, scale)) === 'invalid_rate';
          const product = multiplyRate(a, b, scale);
          const got = at24(product) * 10n ** 24n;
          return got <= exact && exact - got < step;
        }),
      );
    });
  });
});
