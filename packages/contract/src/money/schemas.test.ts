import { describe, expect, it } from 'vitest';
import { CurrencyCode, SendCurrency } from './currencies.ts';
import { DecimalRate, MinorUnits, NonNegativeMinorUnits } from './schemas.ts';

describe('money wire schemas (docs/product/money-movement.md#wire-names)', () => {
  it('amounts are strings of minor units', () => {
    expect(MinorUnits.safeParse('12550').success).toBe(true);
    expect(MinorUnits.safeParse('-5').success).toBe(true);
    for (const bad of ['125.50', '012', '-0', '', '1e3', 12550]) {
      expect(MinorUnits.safeParse(bad).success).toBe(false);
    }
    expect(NonNegativeMinorUnits.safeParse('0').success).toBe(true);
    expect(NonNegativeMinorUnits.safeParse('-5').success).toBe(false);
  });

  it('rates are positive decimal strings', () => {
    expect(DecimalRate.safeParse('1.1734').success).toBe(true);
    expect(DecimalRate.safeParse('155').success).toBe(true);
    for (const bad of ['0', '0.000', '-1.2', '1.0000000000001', 1.17]) {
      expect(DecimalRate.safeParse(bad).success).toBe(false);
    }
  });

  it('currencies are the known ISO 4217 codes', () => {
    expect(CurrencyCode.safeParse('KWD').success).toBe(true);
    expect(CurrencyCode.safeParse('XXX').success).toBe(false);
    expect(SendCurrency.safeParse('GBP').success).toBe(true);
    expect(SendCurrency.safeParse('JPY').success).toBe(false);
  });
});
