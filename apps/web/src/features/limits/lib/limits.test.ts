import { describe, expect, it } from 'vitest';
import { formatAmount } from '@/lib/format-money';
import { usedPercent } from './limits';

describe('usedPercent', () => {
  it('is the whole percent used, rounded down, on bigints', () => {
    expect(usedPercent('0', '2500000')).toBe(0);
    expect(usedPercent('1', '2500000')).toBe(0);
    expect(usedPercent('125000', '2500000')).toBe(5);
    expect(usedPercent('2499999', '2500000')).toBe(99);
    // Beyond what a float holds exactly.
    expect(usedPercent('9007199254740993', '18014398509481986')).toBe(50);
  });

  it('is 100 at or over the limit, and for a limit of nothing', () => {
    expect(usedPercent('2500000', '2500000')).toBe(100);
    expect(usedPercent('3000000', '2500000')).toBe(100);
    expect(usedPercent('0', '0')).toBe(100);
  });
});

describe('formatAmount', () => {
  it('formats minor units exactly in the locale, and shows an unknown currency as is', () => {
    expect(formatAmount('2500000', 'GBP', 'en')).toBe('£25,000.00');
    expect(formatAmount('115000', 'EUR', 'en')).toBe('€1,150.00');
    expect(formatAmount('100', 'XYZ', 'en')).toBe('100 XYZ');
  });
});
