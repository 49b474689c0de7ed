import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

/** Pure validation helpers of the onboarding rules (no I/O). */

export const ADULT_AGE = 18;

/** A real calendar date from "DD/MM/YYYY" (31/02 is rejected), as a UTC midnight Date; null otherwise. */
export function parseDayMonthYear(value: string): Date | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return d;
}

/** "YYYY-MM-DD" (or a full ISO timestamp) or "DD/MM/YYYY" → "DD/MM/YYYY"; null when not a real date. */
export function toDayMonthYear(value: string): string | null {
  const v = value.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(v);
  const candidate = iso ? `${iso[3]}/${iso[2]}/${iso[1]}` : v;
  return parseDayMonthYear(candidate) ? candidate : null;
}

/** Completed years between a birth date and `now` (both read in UTC). */
export function ageOn(birth: Date, now: Date): number {
  let age = now.getUTCFullYear() - birth.getUTCFullYear();
  const beforeBirthday =
    now.getUTCMonth() < birth.getUTCMonth() ||
    (now.getUTCMonth() === birth.getUTCMonth() && now.getUTCDate() < birth.getUTCDate());
  if (beforeBirthday) age -= 1;
  return age;
}

export function isAdult(birth: Date, now: Date, adultAge = ADULT_AGE): boolean {
  return birth.getTime() <= now.getTime() && ageOn(birth, now) >= adultAge;
}

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

/** Spanish DNI (8 digits + letter) or NIE (X/Y/Z + 7 digits + letter): the control letter is mod 23. */
export function isValidSpanishId(value: string): boolean {
  const m = /^([0-9]{8}|[XYZ][0-9]{7})([A-Z])$/.exec(value);
  if (!m) return false;
  const digits = m[1]!.replace(/^[XYZ]/, (c) => String('XYZ'.indexOf(c)));
  return DNI_LETTERS[Number(digits) % 23] === m[2];
}

// Values of characters in odd (1st, 3rd...) positions of a codice fiscale (digits map to the letter
// with the same index).
const CF_ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];

/** Italian codice fiscale: the 16th character is the check character of the first 15. */
export function isValidCodiceFiscale(value: string): boolean {
  if (!/^[A-Z0-9]{15}[A-Z]$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const ch = value.charCodeAt(i);
    const idx = ch >= 65 ? ch - 65 : ch - 48; // A=0..Z=25, '0'=0..'9'=9
    sum += i % 2 === 0 ? CF_ODD[idx]! : idx;
  }
  return String.fromCharCode(65 + (sum % 26)) === value[15];
}

/** French NIR: 13 characters (2A/2B for Corsica count as 19/18) and a key = 97 - (number mod 97). */
export function isValidFrenchNir(value: string): boolean {
  const m = /^([12]\d{4}(?:\d{2}|2[AB])\d{6})(\d{2})$/.exec(value);
  if (!m) return false;
  const body = m[1]!.replace('2A', '19').replace('2B', '18');
  return 97 - Number(BigInt(body) % 97n) === Number(m[2]);
}

/** Country-specific checksum of national_id_number (after the format regex passed); true when none applies. */
export function nationalIdChecksumValid(iso2: string, value: string): boolean {
  switch (iso2) {
    case 'ES':
      return isValidSpanishId(value);
    case 'IT':
      return isValidCodiceFiscale(value);
    case 'FR':
      return isValidFrenchNir(value);
    default:
      return true;
  }
}

export type PhoneCheck = { ok: true; e164: string } | { ok: false };

/**
 * A mobile number of the given country (libphonenumber "max" metadata): valid for that country and of
 * type MOBILE or FIXED_LINE_OR_MOBILE (countries such as the US do not tell them apart). E.164 when ok.
 */
export function checkMobileNumber(input: string, iso2: string): PhoneCheck {
  const raw = input.trim();
  if (raw === '' || raw.length > 40) return { ok: false };
  const phone = parsePhoneNumberFromString(raw, iso2 as CountryCode);
  if (!phone || !phone.isValid() || phone.country !== iso2) return { ok: false };
  const type = phone.getType();
  if (type !== 'MOBILE' && type !== 'FIXED_LINE_OR_MOBILE') return { ok: false };
  return { ok: true, e164: phone.number };
}

/** Lower-case, strip diacritics and punctuation, collapse whitespace: for name comparisons. */
export function normaliseName(value: string | null | undefined): string {
  return (value ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
