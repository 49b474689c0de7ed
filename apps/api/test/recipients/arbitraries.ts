// Generators of valid account details (fast-check), shared by the recipients unit tests: each
// builds a value by its format's own rule (docs/product/money-movement.md#recipients).
import fc from 'fast-check';
import { composeIBAN, countrySpecs } from 'ibantools';
import {
  abaCheckDigit,
  clabeCheckDigit,
  cpfCheckDigits,
  nubanCheckDigit,
} from '../../src/modules/recipients/checks.ts';

export const digits = (n: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: n, maxLength: n });
const upper = (n: number) =>
  fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'), minLength: n, maxLength: n });
const alnum = (n: number) =>
  fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'), minLength: n, maxLength: n });

/** A BBAN from ibantools' own pattern of the country (`^[A-Z]{4}[0-9]{14}$` and the like). */
function bbanOf(country: string): fc.Arbitrary<string> {
  const pattern = countrySpecs[country]!.bban_regexp!;
  const parts = [...pattern.matchAll(/\[([^\]]+)\]\{(\d+)\}/g)].map(([, cls, n]) =>
    cls === '0-9' ? digits(Number(n)) : cls === 'A-Z' ? upper(Number(n)) : alnum(Number(n)),
  );
  return fc.tuple(...parts).map((p) => p.join(''));
}

/** IBAN countries whose BBAN has no national check digits in ibantools (any BBAN of the right shape is valid). */
export const IBAN_COUNTRIES = [
  'DE',
  'AT',
  'NL',
  'IE',
  'LU',
  'FI',
  'LT',
  'LV',
  'CY',
  'GR',
  'MT',
  'BG',
  'PK',
  'GB',
].filter((c) => countrySpecs[c]?.bban_validation_func === undefined);

export const ibanOf = (country: string): fc.Arbitrary<string> =>
  bbanOf(country).map((bban) => composeIBAN({ countryCode: country, bban })!);

export const bicOf = (country: string): fc.Arbitrary<string> =>
  fc
    .tuple(upper(4), alnum(2), fc.option(alnum(3), { nil: '' }))
    .map(([bank, location, branch]) => `${bank}${country}${location}${branch}`);

export const clabe: fc.Arbitrary<string> = digits(17).map((d) => `${d}${clabeCheckDigit(d)}`);

const ABA_PREFIXES = [
  ...Array.from({ length: 13 }, (_, i) => i),
  ...Array.from({ length: 12 }, (_, i) => 21 + i),
  ...Array.from({ length: 12 }, (_, i) => 61 + i),
  80,
].map((n) => String(n).padStart(2, '0'));
export const abaRouting: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...ABA_PREFIXES), digits(6))
  .map(([p, d]) => `${p}${d}`)
  .map((first8) => `${first8}${abaCheckDigit(first8)}`);

export const sortCode: fc.Arbitrary<string> = fc
  .tuple(digits(2), digits(2), digits(2), fc.constantFrom('', '-', ' '))
  .map(([a, b, c, sep]) => [a, b, c].join(sep));

export const nubanFor = (bankCode: string): fc.Arbitrary<string> =>
  digits(9).map((serial) => `${serial}${nubanCheckDigit(bankCode, serial)}`);

export const cpf: fc.Arbitrary<string> = digits(9)
  .filter((d) => !/^(\d)\1{8}$/.test(d))
  .map((d) => `${d}${cpfCheckDigits(d)}`);

export const ifsc: fc.Arbitrary<string> = fc.tuple(upper(4), alnum(6)).map(([bank, branch]) => `${bank}0${branch}`);

/** One character replaced by a different one of the same kind (digit by digit, letter by letter). */
export function substituteOne(value: string): fc.Arbitrary<string> {
  return fc.tuple(fc.nat({ max: value.length - 1 }), fc.integer({ min: 1, max: 25 })).map(([i, shift]) => {
    const c = value[i]!;
    let next = c;
    if (/[0-9]/.test(c)) next = String((Number(c) + (shift % 9) + 1) % 10);
    else if (/[A-Z]/.test(c)) next = String.fromCharCode(((c.charCodeAt(0) - 65 + shift) % 26) + 65);
    return value.slice(0, i) + next + value.slice(i + 1);
  });
}
