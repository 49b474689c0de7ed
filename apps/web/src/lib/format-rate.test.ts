import { describe, expect, it } from 'vitest';
import { formatRate, formatRatePair } from './format-rate';

describe('formatRate', () => {
  it('shows six significant digits, cut, in the locale', () => {
    expect(formatRate('77.38131917985', 'en')).toBe('77.3813');
    expect(formatRate('1.138879378596', 'en')).toBe('1.13887');
    expect(formatRate('1.138879378596', 'fr')).toBe('1,13887');
    expect(formatRate('0.012345678', 'en')).toBe('0.0123456');
    expect(formatRate('1234.56789', 'en')).toBe('1,234.56');
    expect(formatRate('1', 'en')).toBe('1');
  });

  it('never rounds up: the rate shown is never better than the rate applied', () => {
    expect(formatRate('1.99999999', 'en')).toBe('1.99999');
  });

  it('shows a pair in full when six digits would hide the change', () => {
    expect(formatRatePair('1.1388793', '1.1388791', 'en')).toEqual(['1.1388793', '1.1388791']);
    expect(formatRatePair('1.1388', '1.1401', 'en')).toEqual(['1.1388', '1.1401']);
  });
});
