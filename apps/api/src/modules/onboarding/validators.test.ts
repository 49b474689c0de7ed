import { describe, expect, it } from 'vitest';
import {
  ageOn,
  checkMobileNumber,
  isAdult,
  isValidCodiceFiscale,
  isValidFrenchNir,
  isValidSpanishId,
  normaliseName,
  parseDayMonthYear,
  toDayMonthYear,
} from './validators.ts';

describe('dates', () => {
  it('parses real DD/MM/YYYY dates only', () => {
    expect(parseDayMonthYear('29/02/2000')?.toISOString()).toBe('2000-02-29T00:00:00.000Z');
    for (const bad of ['29/02/1900', '31/04/2020', '00/01/2000', '1/1/2000', '2000-01-01', ''])
      expect(parseDayMonthYear(bad)).toBeNull();
  });

  it('converts ISO dates from documents', () => {
    expect(toDayMonthYear('1985-12-10')).toBe('10/12/1985');
    expect(toDayMonthYear('1985-12-10T00:00:00Z')).toBe('10/12/1985');
    expect(toDayMonthYear('10/12/1985')).toBe('10/12/1985');
    expect(toDayMonthYear('1985-02-30')).toBeNull();
  });

  it('counts completed years and needs 18 for an adult', () => {
    const now = new Date('2030-01-01T09:00:00Z');
    expect(ageOn(parseDayMonthYear('01/01/2012')!, now)).toBe(18);
    expect(ageOn(parseDayMonthYear('02/01/2012')!, now)).toBe(17);
    expect(isAdult(parseDayMonthYear('01/01/2012')!, now)).toBe(true);
    expect(isAdult(parseDayMonthYear('02/01/2012')!, now)).toBe(false);
    expect(isAdult(parseDayMonthYear('01/01/2031')!, now)).toBe(false);
    // born on 29 February: adult on 1 March of a non-leap year
    expect(isAdult(parseDayMonthYear('29/02/2012')!, new Date('2030-02-28T12:00:00Z'))).toBe(false);
    expect(isAdult(parseDayMonthYear('29/02/2012')!, new Date('2030-03-01T00:00:00Z'))).toBe(true);
  });
});

describe('national id checksums', () => {
  it('Spanish DNI and NIE control letters', () => {
    expect(isValidSpanishId('12345678Z')).toBe(true);
    expect(isValidSpanishId('12345678A')).toBe(false);
    expect(isValidSpanishId('X1234567L')).toBe(true);
    expect(isValidSpanishId('Y1234567X')).toBe(true);
    expect(isValidSpanishId('X1234567A')).toBe(false);
  });

  it('Italian codice fiscale check character', () => {
    expect(isValidCodiceFiscale('RSSMRA85T10A562S')).toBe(true);
    expect(isValidCodiceFiscale('RSSMRA85T10A562T')).toBe(false);
  });

  it('French NIR key (including Corsica)', () => {
    expect(isValidFrenchNir('185057800608491')).toBe(true);
    expect(isValidFrenchNir('185057800608492')).toBe(false);
    // born in Corse-du-Sud (2A): the key is computed with 19 in place of 2A
    const key = String(97 - Number(BigInt('1850519123456') % 97n)).padStart(2, '0');
    expect(isValidFrenchNir(`18505` + `2A123456${key}`)).toBe(true);
    expect(isValidFrenchNir(`18505` + `2B123456${key}`)).toBe(false);
  });
});

describe('mobile numbers', () => {
  it('accepts mobile (or fixed-or-mobile) numbers of the country, in E.164', () => {
    expect(checkMobileNumber('07400 123456', 'GB')).toEqual({ ok: true, e164: '+447400123456' });
    expect(checkMobileNumber('+44 7400 123456', 'GB')).toEqual({ ok: true, e164: '+447400123456' });
    expect(checkMobileNumber('(201) 555-0123', 'US')).toEqual({ ok: true, e164: '+12015550123' });
    expect(checkMobileNumber('0803 123 4567', 'NG')).toEqual({ ok: true, e164: '+2348031234567' });
    expect(checkMobileNumber('98765 43210', 'IN')).toEqual({ ok: true, e164: '+919876543210' });
  });

  it('refuses landlines, other countries’ numbers and junk', () => {
    expect(checkMobileNumber('020 7946 0000', 'GB').ok).toBe(false);
    expect(checkMobileNumber('+1 201 555 0123', 'GB').ok).toBe(false);
    expect(checkMobileNumber('12345', 'GB').ok).toBe(false);
    expect(checkMobileNumber('', 'GB').ok).toBe(false);
    expect(checkMobileNumber('not a number', 'US').ok).toBe(false);
  });
});

describe('names', () => {
  it('compares case- and diacritic-insensitively', () => {
    expect(normaliseName('  José   Núñez ')).toBe(normaliseName('JOSE NUNEZ'));
    expect(normaliseName("O'Brien-Smith")).toBe('o brien smith');
  });
});
