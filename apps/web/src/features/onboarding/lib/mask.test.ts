import { describe, expect, it } from 'vitest';
import { applyMask, isMaskComplete, isNumericMask } from './mask';

describe('mask engine', () => {
  it('formats a date, inserting the literals', () => {
    expect(applyMask('99/99/9999', '31031990')).toBe('31/03/1990');
    expect(applyMask('99/99/9999', '310')).toBe('31/0');
    expect(applyMask('99/99/9999', '31')).toBe('31');
  });

  it('keeps a typed literal so deleting back over a separator works', () => {
    expect(applyMask('99/99/9999', '31/')).toBe('31/');
    expect(applyMask('99/99/9999', '31/03/1990')).toBe('31/03/1990');
  });

  it('drops characters that do not fit their slot and cuts at the mask length', () => {
    expect(applyMask('99/99/9999', '3a1b0-3')).toBe('31/03');
    expect(applyMask('99/99/9999', '310319901234')).toBe('31/03/1990');
  });

  it('formats a UK National Insurance number (letters, digits, spaces)', () => {
    expect(applyMask('AA 99 99 99 A', 'QQ123456C')).toBe('QQ 12 34 56 C');
    expect(applyMask('AA 99 99 99 A', 'qq 12 34 56 c')).toBe('qq 12 34 56 c');
    expect(applyMask('AA 99 99 99 A', '12QQ')).toBe('QQ');
  });

  it('accepts letters or digits for *', () => {
    expect(applyMask('***-***', 'ab1C2d')).toBe('ab1-C2d');
    expect(applyMask('***-***', 'a.b')).toBe('ab');
  });

  it('accepts non-ASCII letters for A', () => {
    expect(applyMask('AAA', 'éßç')).toBe('éßç');
  });

  it('inserts leading literals', () => {
    expect(applyMask('+44 9999', '7700')).toBe('+44 7700');
    expect(applyMask('(999) 999', '123456')).toBe('(123) 456');
  });

  it('returns an empty string for empty input', () => {
    expect(applyMask('99/99/9999', '')).toBe('');
  });

  it('tells when a value fills the mask, and when the mask is numeric', () => {
    expect(isMaskComplete('99/99/9999', '31/03/1990')).toBe(true);
    expect(isMaskComplete('99/99/9999', '31/03/199')).toBe(false);
    expect(isNumericMask('99/99/9999')).toBe(true);
    expect(isNumericMask('AA 99 99 99 A')).toBe(false);
  });
});
