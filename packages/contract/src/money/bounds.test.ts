import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quoteAmountTooLarge } from '../quotes/schemas.ts';
import { money, type Money } from './amounts.ts';
import { isWithinMaxAmount, maxAmount, MAX_AMOUNT_MAJOR_DIGITS, SQL_BIGINT_MAX } from './bounds.ts';
import { convert, sourceFor } from './convert.ts';
import { CURRENCIES, SEND_CURRENCIES, type CurrencyCode } from './currencies.ts';
import { percentOf, type FeeItem } from './fees.ts';
import { largestQuoteAmount, largestQuoteSource, quoteAmounts } from './quote.ts';
import { parseRate, rateOf, type Rate } from './rates.ts';
import { divCeil, divFloor, pow10 } from './rounding.ts';

/**
 * Today's mid-market levels, units per euro: the api's seeded snapshot
 * (apps/api/src/db/seeds/rates-snapshot.ts, 20 November 2026), and approximate levels of the three
 * currencies it does not carry (CHF, JPY, KWD). Every currency of the catalog is here, so every
 * currency a corridor pays out is covered, and more.
 */
const PER_EUR: Record<CurrencyCode, string> = {
  AED: '4.252755',
  AUD: '1.7810',
  BDT: '141.30',
  BRL: '6.1930',
  CAD: '1.6245',
  CHF: '0.9300',
  EUR: '1',
  GBP: '0.87630',
  GHS: '12.680',
  INR: '102.65',
  JPY: '180.50',
  KES: '149.60',
  KRW: '1684.20',
  KWD: '0.3550',
  MXN: '21.385',
  NGN: '1672.50',
  NZD: '2.0420',
  PHP: '68.150',
  PKR: '327.40',
  SGD: '1.5065',
  THB: '37.540',
  TZS: '2835.0',
  UGX: '4068.0',
  USD: '1.1580',
  VND: '30480',
};

const TARGETS = Object.keys(CURRENCIES) as CurrencyCode[];

/** Today's source → target rate times `times` / `per`, rounded up (`up`) or down to 12 decimals. */
function rateBetween(source: CurrencyCode, target: CurrencyCode, times: bigint, per: bigint, up: boolean): Rate {
  const s = parseRate(PER_EUR[source]);
  const t = parseRate(PER_EUR[target]);
  // (t / s) × times / per, exactly: t.value / 10^t.scale ÷ (s.value / 10^s.scale)
  const num = t.value * pow10(s.scale) * times * pow10(12);
  const den = s.value * pow10(t.scale) * per;
  return rateOf(up ? divCeil(num, den) : divFloor(num, den), 12);
}

/**
 * Worse fees than any corridor has: our fee and the pay-in fee each a fixed part as large as the
 * largest amount plus 100 % of the amount, and a partner fee as large as the largest amount.
 */
const worstFees = (source: Money): FeeItem[] => {
  const largest = maxAmount(source.currency);
  return [
    {
      type: 'our_fee',
      label: 'Our fee',
      amount: money(largest.amount + percentOf(source, 10_000n).amount, source.currency),
    },
    { type: 'partner_fee', label: 'Partner fee', amount: largest },
    {
      type: 'pay_in_fee',
      label: 'Card fee',
      amount: money(largest.amount + percentOf(source, 10_000n).amount, source.currency),
    },
  ];
};

function expectFits(figures: Record<string, Money>): void {
  for (const [name, m] of Object.entries(figures)) {
    expect(m.amount, `${name} ${m.amount} ${m.currency}`).toBeGreaterThanOrEqual(0n);
    expect(m.amount <= SQL_BIGINT_MAX, `${name} ${m.amount} ${m.currency} is over 2^63 - 1`).toBe(true);
  }
}

describe('the largest amount (docs/product/money-movement.md#money)', () => {
  it('is 10^12 major units in every currency, in its minor units', () => {
    expect(MAX_AMOUNT_MAJOR_DIGITS).toBe(12);
    expect(maxAmount('GBP')).toEqual(money(100_000_000_000_000n, 'GBP'));
    expect(maxAmount('JPY')).toEqual(money(1_000_000_000_000n, 'JPY'));
    expect(maxAmount('KWD')).toEqual(money(1_000_000_000_000_000n, 'KWD'));
    expect(isWithinMaxAmount(money(100_000_000_000_000n, 'GBP'))).toBe(true);
    expect(isWithinMaxAmount(money(100_000_000_000_001n, 'GBP'))).toBe(false);
    expect(isWithinMaxAmount(money(-100_000_000_000_001n, 'GBP'))).toBe(false);
    expect(isWithinMaxAmount(money(10n ** 29n, 'VND'))).toBe(false);
    expect(SQL_BIGINT_MAX).toBe(2n ** 63n - 1n);
  });

  it('is said in words, thousands grouped', () => {
    expect(quoteAmountTooLarge(maxAmount('GBP'))).toBe('The amount can be at most 1,000,000,000,000.00 GBP.');
    expect(quoteAmountTooLarge(maxAmount('VND'))).toBe('The amount can be at most 1,000,000,000,000 VND.');
    expect(quoteAmountTooLarge(money(2_875_000_012n, 'EUR'))).toBe('The amount can be at most 28,750,000.12 EUR.');
    expect(quoteAmountTooLarge(money(99_999n, 'KWD'))).toBe('The amount can be at most 99.999 KWD.');
    expect(quoteAmountTooLarge(money(5n, 'GBP'))).toBe('The amount can be at most 0.05 GBP.');
  });

  it.each(SEND_CURRENCIES)(
    'from %s to every currency, at ten times today’s rate: the largest amount converted, its fees, its total and its GBP value fit a SQL bigint',
    (source) => {
      for (const target of TARGETS) {
        const high = rateBetween(source, target, 10n, 1n, true);
        const largest = maxAmount(source);
        // The conversion of the largest amount itself, before the target's bound cuts it.
        const converted = convert(largest, high, target);
        // The quote at its largest (asked by send amount) with the worst fees.
        const asked = largestQuoteAmount('source', high, source, target);
        const q = quoteAmounts({
          by: 'source',
          amount: asked,
          sourceCurrency: source,
          targetCurrency: target,
          rate: high,
          fees: worstFees,
        });
        expect(isWithinMaxAmount(q.source) && isWithinMaxAmount(q.target), `${source}→${target}`).toBe(true);
        expectFits({
          converted,
          source: q.source,
          target: q.target,
          fee: q.fee.total,
          totalToPay: q.totalToPay,
          ...Object.fromEntries(q.fee.items.map((i) => [i.type, i.amount])),
          // Its value in GBP for the limits, at ten times today's rate too.
          inGbp: convert(largest, rateBetween(source, 'GBP', 10n, 1n, true), 'GBP'),
        });
      }
    },
  );

  it.each(SEND_CURRENCIES)(
    'from %s to every currency, at a tenth of today’s rate: the source for the largest amount received, its fees and its total fit a SQL bigint',
    (source) => {
      for (const target of TARGETS) {
        const low = rateBetween(source, target, 1n, 10n, false);
        // The source the target's largest amount needs, before the source's bound cuts it.
        const needed = sourceFor(maxAmount(target), low, source);
        const asked = largestQuoteAmount('target', low, source, target);
        const q = quoteAmounts({
          by: 'target',
          amount: asked,
          sourceCurrency: source,
          targetCurrency: target,
          rate: low,
          fees: worstFees,
        });
        expect(isWithinMaxAmount(q.source) && isWithinMaxAmount(q.target), `${source}→${target}`).toBe(true);
        expectFits({
          needed,
          source: q.source,
          target: q.target,
          fee: q.fee.total,
          totalToPay: q.totalToPay,
          inGbp: convert(q.source, rateBetween(source, 'GBP', 10n, 1n, true), 'GBP'),
        });
      }
    },
  );

  it('has room for today’s rates to grow more than tenfold: a send minor unit is worth at most ~3,200 target minor units', () => {
    // 2^63 / 10^14: how many target minor units one send minor unit may be worth before the largest amount overflows.
    const ceiling = SQL_BIGINT_MAX / maxAmount('GBP').amount;
    expect(ceiling).toBe(92_233n);
    let most = 0n;
    for (const source of SEND_CURRENCIES) {
      for (const target of TARGETS) {
        most = [
          most,
          convert(money(1_000_000n, source), rateBetween(source, target, 1n, 1n, true), target).amount / 1_000_000n,
        ].reduce((a, b) => (a > b ? a : b));
      }
    }
    expect(most).toBe(3_235n); // a penny in Tanzanian cents
    expect(most * 10n).toBeLessThan(ceiling);
  });
});

describe('largestQuoteAmount', () => {
  const codes = Object.keys(CURRENCIES) as CurrencyCode[];
  const currency = fc.constantFrom(...codes);
  /** Rates from 10^-6 to 10^6, spread over their digits. */
  const rate: fc.Arbitrary<Rate> = fc
    .tuple(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 1, max: 12 }))
    .chain(([scale, digits]) =>
      fc.bigInt({ min: 10n ** BigInt(digits - 1), max: 10n ** BigInt(digits) - 1n }).map((value) => ({ value, scale })),
    )
    .filter(({ value, scale }) => value >= 10n ** BigInt(Math.max(scale - 6, 0)) && value < 10n ** BigInt(scale + 6))
    .map(({ value, scale }) => rateOf(value, scale));
  const noFees = (): FeeItem[] => [];

  it('an amount is priced within both currencies’ largest amounts exactly when it is at most the largest asked', () => {
    fc.assert(
      fc.property(
        currency,
        currency,
        rate,
        fc.boolean(),
        fc.bigInt({ min: -1000n, max: 1000n }),
        (source, target, r, bySource, delta) => {
          const by = bySource ? 'source' : 'target';
          const largest = largestQuoteAmount(by, r, source, target);
          const amount = largest.amount + delta;
          if (amount <= 0n) return;
          const q = quoteAmounts({
            by,
            amount: money(amount, largest.currency),
            sourceCurrency: source,
            targetCurrency: target,
            rate: r,
            fees: noFees,
          });
          const within = isWithinMaxAmount(q.source) && isWithinMaxAmount(q.target);
          expect(within, `${amount} ${largest.currency} (largest ${largest.amount})`).toBe(delta <= 0n);
        },
      ),
      { numRuns: 2000, seed: 20_301_120 },
    );
  });

  it('is the source’s largest amount when the conversion fits, less when the target’s would be passed', () => {
    const gbpToVnd = parseRate('34782.5');
    // 10^12 GBP would be 3.5 × 10^16 dong: the source is cut to what gives at most 10^12 dong.
    const source = largestQuoteSource(gbpToVnd, 'GBP', 'VND');
    expect(source).toEqual(money(2_875_008_984n, 'GBP')); // 28,750,089.84 GBP
    expect(convert(source, gbpToVnd, 'VND').amount).toBeLessThanOrEqual(10n ** 12n);
    expect(convert(money(source.amount + 1n, 'GBP'), gbpToVnd, 'VND').amount).toBeGreaterThan(10n ** 12n);
    // By receive amount the recipient gets exactly what is asked: up to the dong's own largest amount.
    expect(largestQuoteAmount('target', gbpToVnd, 'GBP', 'VND')).toEqual(maxAmount('VND'));
    // Euros to pounds: the euro's own bound is the smaller.
    expect(largestQuoteSource(parseRate('0.8763'), 'EUR', 'GBP')).toEqual(maxAmount('EUR'));
    expect(largestQuoteAmount('target', parseRate('0.8763'), 'EUR', 'GBP')).toEqual(money(87_630_000_000_000n, 'GBP'));
  });
});
