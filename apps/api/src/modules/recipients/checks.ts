import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import { textProblem, type TextProblem } from '../../lib/text.ts';
import { UUID } from '../../lib/ids.ts';

/**
 * Account formats by their own rules (docs/product/money-movement.md#recipients). Pure functions of a
 * value already trimmed; each answers whether the value is valid (or its normal form).
 */

/** Spaces and hyphens people type between groups of digits. */
export const compact = (value: string): string => value.replace(/[\s-]+/g, '');

/** IBAN in electronic format (no spaces, upper case) when valid (checksum, length, national check digits). */
export function normalIban(value: string): string | null {
  const iban = electronicFormatIBAN(value)?.toUpperCase() ?? null;
  return iban !== null && isValidIBAN(iban) ? iban : null;
}

/** BIC (SWIFT code) of 8 or 11 characters, upper case, when valid. */
export function normalBic(value: string): string | null {
  const bic = compact(value).toUpperCase();
  return isValidBIC(bic) ? bic : null;
}

const digitsOnly = (value: string, length: number): boolean => new RegExp(`^[0-9]{${length}}$`).test(value);

/** Mexican CLABE: 18 digits, the last a check digit over the first 17 (weights 3, 7, 1). */
export function clabeCheckDigit(first17: string): number {
  const weights = [3, 7, 1];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (Number(first17[i]) * weights[i % 3]!) % 10;
  return (10 - (sum % 10)) % 10;
}
export function isValidClabe(value: string): boolean {
  return digitsOnly(value, 18) && clabeCheckDigit(value.slice(0, 17)) === Number(value[17]);
}

/**
 * US ABA routing number: 9 digits, 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) a multiple of 10, and a
 * Federal Reserve prefix (00-12 government and banks, 21-32 thrifts, 61-72 electronic, 80 travellers' cheques).
 */
export function isValidAbaRouting(value: string): boolean {
  if (!digitsOnly(value, 9)) return false;
  const prefix = Number(value.slice(0, 2));
  if (!(prefix <= 12 || (prefix >= 21 && prefix <= 32) || (prefix >= 61 && prefix <= 72) || prefix === 80)) {
    return false;
  }
  const d = [...value].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}
export function abaCheckDigit(first8: string): number {
  const d = [...first8].map(Number);
  const partial = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]!);
  return (10 - (partial % 10)) % 10;
}

/** UK sort code: six digits, typed with or without hyphens or spaces between pairs; answers the six digits. */
export function normalSortCode(value: string): string | null {
  return /^[0-9]{2}[- ]?[0-9]{2}[- ]?[0-9]{2}$/.test(value) ? compact(value) : null;
}

/** Indian IFSC: four letters (the bank), a zero, six letters or digits (the branch). */
export function normalIfsc(value: string): string | null {
  const ifsc = value.toUpperCase();
  return /^[A-Z]{4}0[A-Z0-9]{6}$/.test(ifsc) ? ifsc : null;
}

/**
 * Nigerian NUBAN: 10 digits, the last a check digit over the bank's 3-digit CBN code and the first
 * nine (weights 3, 7, 3 repeated; 10 − sum mod 10, 10 read as 0).
 */
export function nubanCheckDigit(bankCode: string, serial: string): number {
  const weights = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3];
  const digits = `${bankCode}${serial}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(digits[i]) * weights[i]!;
  return (10 - (sum % 10)) % 10;
}
export function isValidNuban(bankCode: string, account: string): boolean {
  return (
    digitsOnly(bankCode, 3) && digitsOnly(account, 10) && nubanCheckDigit(bankCode, account) === Number(account[9])
  );
}

/** Brazilian CPF: 11 digits (dots and hyphen allowed), two check digits, not all the same digit. */
export function cpfCheckDigits(first9: string): string {
  const d = [...first9].map(Number);
  const digit = (n: number) => {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += d[i]! * (n + 1 - i);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  d.push(digit(9));
  d.push(digit(10));
  return `${d[9]}${d[10]}`;
}
export function normalCpf(value: string): string | null {
  if (!/^[0-9]{3}\.?[0-9]{3}\.?[0-9]{3}-?[0-9]{2}$/.test(value)) return null;
  const cpf = value.replace(/[.-]/g, '');
  if (/^(\d)\1{10}$/.test(cpf)) return null;
  return cpfCheckDigits(cpf.slice(0, 9)) === cpf.slice(9) ? cpf : null;
}

/** A mobile number of `country` (libphonenumber), in E.164. */
export function normalMobileNumber(value: string, country: string): string | null {
  if (value.length > 40) return null;
  const phone = parsePhoneNumberFromString(value, country as CountryCode);
  if (!phone || !phone.isValid() || phone.country !== country) return null;
  const type = phone.getType();
  return type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE' ? phone.number : null;
}

/** An email address as a PIX key (lower-cased). */
export function normalEmail(value: string): string | null {
  return value.length <= 77 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) ? value.toLowerCase() : null;
}

/** A random PIX key (EVP): a UUID, lower-cased. */
export function normalEvp(value: string): string | null {
  return UUID.test(value) ? value.toLowerCase() : null;
}

// ---- names ----

/** Words of letters (with their combining marks) joined by one space, hyphen or apostrophe. */
export const RECIPIENT_NAME_PATTERN = "^\\p{L}[\\p{L}\\p{M}]*(?:[ '’-]\\p{L}[\\p{L}\\p{M}]*)*$";
const NAME = new RegExp(RECIPIENT_NAME_PATTERN, 'u');

const NAME_TEXT_MESSAGES: Record<TextProblem, string> = {
  control: 'The name must not contain control characters (line breaks, tabs, NUL and the like).',
  invalid: 'The name contains a character that is not valid text.',
  bidi: 'The name must not contain characters that change the direction of the text.',
  invisible: 'The name must not contain invisible characters (zero-width or text-direction characters).',
  mixed_script:
    'The name mixes letters of different alphabets in one word (such as Latin and Cyrillic); type each word in one alphabet.',
};

/**
 * The recipient's full name as stored (NFC, trimmed, inner spaces collapsed), or why it is refused:
 * the text rules of names (docs/product/system.md#names-and-text), then letters, spaces, hyphens and
 * apostrophes only.
 */
export function checkRecipientName(
  value: string,
  maxLength: number,
): { ok: true; name: string } | { ok: false; message: string } {
  const problem = textProblem(value, 'name');
  if (problem !== null) return { ok: false, message: NAME_TEXT_MESSAGES[problem] };
  const name = value.normalize('NFC').trim().replace(/\s+/g, ' ');
  if (name === '') return { ok: false, message: 'The name field is required.' };
  if ([...name].length < 2) return { ok: false, message: 'The name must be at least 2 characters.' };
  if ([...name].length > maxLength)
    return { ok: false, message: `The name must not be greater than ${maxLength} characters.` };
  if (!NAME.test(name))
    return { ok: false, message: 'The name may only contain letters, spaces, hyphens and apostrophes.' };
  return { ok: true, name };
}

/** Lower case, no diacritics, punctuation as spaces: for search and for telling duplicates. */
export function searchableName(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
