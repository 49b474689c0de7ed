import { describe, expect, it } from 'vitest';
import { parseTarget, suggestTarget, toInputRate } from './target-rate';

describe('suggestTarget', () => {
  it('is 1 % above the rate, rounded up to four significant digits', () => {
    expect(suggestTarget('1.1634')).toBe('1.176');
    expect(suggestTarget('1.138879378596')).toBe('1.151');
    expect(suggestTarget('170.7177907')).toBe('172.5');
    expect(suggestTarget('0.0052')).toBe('0.005252');
    expect(suggestTarget('155')).toBe('156.6');
    expect(suggestTarget('1')).toBe('1.01');
  });

  it('is always above the rate', () => {
    for (const rate of ['1.1634', '0.99999', '77.3813', '1688.45', '0.000123']) {
      expect(Number(suggestTarget(rate))).toBeGreaterThan(Number(rate));
    }
  });

  it('answers nothing for a rate that is not one', () => {
    expect(suggestTarget('abc')).toBe('');
  });
});

describe('parseTarget', () => {
  it('takes a point or a comma, refuses zero and words', () => {
    expect(parseTarget(' 1,16 ')).toBe('1.16');
    expect(parseTarget('1.16')).toBe('1.16');
    expect(parseTarget('0')).toBeNull();
    expect(parseTarget('1.2.3')).toBeNull();
    expect(parseTarget('-1')).toBeNull();
    expect(parseTarget('')).toBeNull();
  });

  it('writes the rate the French way in French', () => {
    expect(toInputRate('1.16', 'fr')).toBe('1,16');
    expect(toInputRate('1.16', 'en')).toBe('1.16');
  });
});
