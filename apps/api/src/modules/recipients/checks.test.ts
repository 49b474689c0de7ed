import fc from 'fast-check';
import { friendlyFormatIBAN } from 'ibantools';
import {
  abaRouting,
  clabe,
  cpf,
  digits,
  IBAN_COUNTRIES,
  ibanOf,
  ifsc,
  nubanFor,
  sortCode,
  substituteOne,
} from '../../../test/recipients/arbitraries.ts';
import { describe, expect, it } from 'vitest';
import {
  abaCheckDigit,
  checkRecipientName,
  isValidAbaRouting,
  isValidClabe,
  isValidNuban,
  normalBic,
  normalCpf,
  normalEvp,
  normalIban,
  normalIfsc,
  normalMobileNumber,
  normalSortCode,
  nubanCheckDigit,
  searchableName,
} from './checks.ts';

describe('IBAN and BIC (ibantools)', () => {
  it('accepts generated IBANs of several countries, with or without spaces, and refuses one character changed', () => {
    expect(IBAN_COUNTRIES.length).toBeGreaterThanOrEqual(8);
    fc.assert(
      fc.property(
        fc.constantFrom(...IBAN_COUNTRIES).chain((c) => ibanOf(c)),
        fc.boolean(),
        (iban, friendly) => {
          expect(normalIban(friendly ? friendlyFormatIBAN(iban)! : iban.toLowerCase())).toBe(iban);
        },
      ),
    );
    fc.assert(
      fc.property(
        fc
          .constantFrom(...IBAN_COUNTRIES)
          .chain((c) => ibanOf(c))
          .chain((iban) => fc.tuple(fc.constant(iban), substituteOne(iban))),
        ([iban, corrupted]) => {
          fc.pre(corrupted !== iban);
          expect(normalIban(corrupted)).toBeNull();
        },
      ),
    );
  });

  it('knows real IBANs and BICs', () => {
    expect(normalIban('DE89 3704 0044 0532 0130 00')).toBe('DE89370400440532013000');
    expect(normalIban('DE89 3704 0044 0532 0130 01')).toBeNull();
    expect(normalIban('FR1420041010050500013M02606')).toBe('FR1420041010050500013M02606');
    expect(normalIban('BE68539007547035')).toBeNull(); // Belgian national check digits
    expect(normalBic('deutdeff')).toBe('DEUTDEFF');
    expect(normalBic('NEDSZAJJXXX')).toBe('NEDSZAJJXXX');
    expect(normalBic('ABN4NL2A')).toBeNull();
    expect(normalBic('ABNAXX2A')).toBeNull(); // no such country
    fc.assert(
      fc.property(fc.constantFrom('DE', 'FR', 'NL', 'GB'), (c) => {
        expect(normalBic(`ABCD${c}2A`)).not.toBeNull();
      }),
    );
  });
});

describe('CLABE (Mexico)', () => {
  it('accepts every generated CLABE and refuses any one digit changed', () => {
    fc.assert(
      fc.property(clabe, (v) => {
        expect(isValidClabe(v)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(
        clabe.chain((v) => fc.tuple(fc.constant(v), substituteOne(v))),
        ([v, corrupted]) => {
          fc.pre(v !== corrupted);
          expect(isValidClabe(corrupted)).toBe(false);
        },
      ),
    );
  });
  it('knows a real one and refuses other lengths', () => {
    expect(isValidClabe('002010077777777771')).toBe(true);
    expect(isValidClabe('002010077777777772')).toBe(false);
    expect(isValidClabe('00201007777777777')).toBe(false);
  });
});

describe('US routing number (ABA)', () => {
  it('accepts every generated routing number and refuses any one digit changed', () => {
    fc.assert(
      fc.property(abaRouting, (v) => {
        expect(isValidAbaRouting(v)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(
        abaRouting.chain((v) => fc.tuple(fc.constant(v), substituteOne(v))),
        ([v, corrupted]) => {
          fc.pre(v !== corrupted);
          expect(isValidAbaRouting(corrupted)).toBe(false);
        },
      ),
    );
  });
  it('knows real ones, and refuses an impossible prefix even with a right check digit', () => {
    expect(isValidAbaRouting('026009593')).toBe(true); // Bank of America
    expect(isValidAbaRouting('021000021')).toBe(true); // JPMorgan Chase
    expect(isValidAbaRouting('026009594')).toBe(false);
    const first8 = '50000000';
    expect(isValidAbaRouting(`${first8}${abaCheckDigit(first8)}`)).toBe(false);
  });
});

describe('UK sort code', () => {
  it('accepts six digits with or without hyphens or spaces, and nothing else', () => {
    fc.assert(
      fc.property(sortCode, (v) => {
        expect(normalSortCode(v)).toMatch(/^[0-9]{6}$/);
      }),
    );
    expect(normalSortCode('40-47-84')).toBe('404784');
    expect(normalSortCode('40-4784')).toBe('404784');
    expect(normalSortCode('4O-47-84')).toBeNull();
    expect(normalSortCode('40478')).toBeNull();
    expect(normalSortCode('40--47-84')).toBeNull();
  });
});

describe('IFSC (India)', () => {
  it('accepts four letters, a zero and six letters or digits (upper-cased)', () => {
    fc.assert(
      fc.property(ifsc, (v) => {
        expect(normalIfsc(v.toLowerCase())).toBe(v);
      }),
    );
    expect(normalIfsc('HDFC0000123')).toBe('HDFC0000123');
    expect(normalIfsc('HDFC1000123')).toBeNull();
    expect(normalIfsc('HDF00000123')).toBeNull();
  });
});

describe('NUBAN (Nigeria)', () => {
  it('accepts every generated account for its bank and refuses any one digit changed', () => {
    const banks = fc.constantFrom('058', '044', '011', '033', '057');
    fc.assert(
      fc.property(
        banks.chain((b) => fc.tuple(fc.constant(b), nubanFor(b))),
        ([b, v]) => {
          expect(isValidNuban(b, v)).toBe(true);
        },
      ),
    );
    fc.assert(
      fc.property(
        banks.chain((b) => nubanFor(b).chain((v) => fc.tuple(fc.constant(b), fc.constant(v), substituteOne(v)))),
        ([b, v, corrupted]) => {
          fc.pre(v !== corrupted);
          expect(isValidNuban(b, corrupted)).toBe(false);
        },
      ),
    );
  });
  it('checks the account against the bank', () => {
    const account = `012345678${nubanCheckDigit('058', '012345678')}`;
    expect(isValidNuban('058', account)).toBe(true);
    expect(isValidNuban('044', account)).toBe(
      nubanCheckDigit('044', '012345678') === nubanCheckDigit('058', '012345678'),
    );
    expect(isValidNuban('058', '012345678')).toBe(false);
  });
});

describe('CPF (Brazil)', () => {
  it('accepts every generated CPF, formatted or not, and refuses a changed check digit', () => {
    fc.assert(
      fc.property(cpf, (v) => {
        expect(normalCpf(v)).toBe(v);
        expect(normalCpf(`${v.slice(0, 3)}.${v.slice(3, 6)}.${v.slice(6, 9)}-${v.slice(9)}`)).toBe(v);
      }),
    );
    fc.assert(
      fc.property(cpf, fc.integer({ min: 9, max: 10 }), fc.integer({ min: 1, max: 9 }), (v, i, shift) => {
        const corrupted = v.slice(0, i) + String((Number(v[i]) + shift) % 10) + v.slice(i + 1);
        expect(normalCpf(corrupted)).toBeNull();
      }),
    );
  });
  it('refuses all-same digits', () => {
    expect(normalCpf('111.111.111-11')).toBeNull();
    expect(normalCpf('123.456.789-09')).toBe('12345678909');
  });
});

describe('wallet numbers (libphonenumber)', () => {
  it('answers E.164 for a mobile number of the country and refuses others', () => {
    expect(normalMobileNumber('0712 345 678', 'KE')).toBe('+254712345678');
    expect(normalMobileNumber('+254712345678', 'KE')).toBe('+254712345678');
    expect(normalMobileNumber('+447400123456', 'KE')).toBeNull(); // another country
    expect(normalMobileNumber('020 2222222', 'KE')).toBeNull(); // a landline
    expect(normalMobileNumber('0917 123 4567', 'PH')).toBe('+639171234567');
    fc.assert(
      fc.property(digits(8), (d) => {
        expect(normalMobileNumber(`+2547${d}`, 'KE')).toBe(`+2547${d}`);
      }),
    );
  });
  it('random PIX keys are UUIDs', () => {
    fc.assert(
      fc.property(fc.uuid(), (u) => {
        expect(normalEvp(u.toUpperCase())).toBe(u.toLowerCase());
      }),
    );
    expect(normalEvp('not-a-key')).toBeNull();
  });
});

describe('recipient names', () => {
  it('takes letters, spaces, hyphens and apostrophes in any script, collapsing spaces', () => {
    for (const name of [
      'Wanjiru Kamau',
      "Seán O'Brien",
      'Anne-Marie Dupont',
      'Nguyễn Văn An',
      'Дмитрий Иванов',
      '김민준',
      'अनीता शर्मा',
    ]) {
      expect(checkRecipientName(name, 140)).toEqual({ ok: true, name: name.normalize('NFC') });
    }
    expect(checkRecipientName('  Ana   Souza ', 140)).toEqual({ ok: true, name: 'Ana Souza' });
  });
  it('refuses digits, symbols, invisible characters and mixed alphabets, each with its message', () => {
    const message = (v: string) => {
      const r = checkRecipientName(v, 140);
      return r.ok ? null : r.message;
    };
    expect(message('Agent 007')).toMatch(/only contain letters/);
    expect(message('Ann <script>')).toMatch(/only contain letters/);
    expect(message('Ann--Lee')).toMatch(/only contain letters/);
    expect(message('Ann\u200bLee')).toMatch(/invisible/);
    expect(message('P\u0430ypal Ltd')).toMatch(/alphabets/);
    expect(message('A')).toMatch(/at least 2/);
    expect(message('')).toMatch(/required/);
    expect(message('a'.repeat(141))).toMatch(/greater than 140/);
  });
  it('searchable names ignore case, accents and punctuation', () => {
    expect(searchableName("Seán O'Brien")).toBe('sean o brien');
    expect(searchableName('NGUYỄN Văn An')).toBe('nguyen van an');
  });
});
