import type { RequirementField } from '@remit/contract';
import { countrySpecs, friendlyFormatIBAN } from 'ibantools';
import { countryName } from './country-names.ts';
import { normalBic, normalCpf, normalIban, normalMobileNumber } from './checks.ts';

/**
 * The pieces requirement sets are made of (docs/product/money-movement.md#recipients): one field of
 * the schema the web form follows, plus how the server checks and stores its value. The schemes
 * (requirement-schemes.ts) put them together per kind of account.
 */

export type Details = Record<string, string>;

/** What a rule sees besides its own value: the destination country and the other details (trimmed). */
export interface RuleContext {
  country: string;
  details: Readonly<Details>;
}

/** One field of the schema plus how the server checks and stores it. */
export interface DetailRule extends RequirementField {
  /** Message when the first-level rule (length, regexp, allowed values) fails. */
  invalid: string;
  /** The value as stored, or null when a deeper rule (check digit, agreement) refuses it. */
  normalise: (value: string, ctx: RuleContext) => string | null;
  /** Message when `normalise` refuses (default: `invalid`). */
  rejected?: string;
  /** false: not part of what tells one account from another (duplicates). */
  identifying: boolean;
  /**
   * true: an account-identifying number (IBAN, account number, CLABE, wallet number, PIX key, CPF),
   * masked in GET and the list (`•••• 4567`) and shown in full only after a step-up (reveal).
   */
  secret: boolean;
}

export interface RequirementSet {
  /** The fields for the details chosen so far (a field with `refresh_requirements_on_change` may change the rest). */
  fields(details: Readonly<Details>): DetailRule[];
  /** Masked, for lists: "M-Pesa ••• 4567". `label(key)` is the chosen value's name of a select field. */
  summary(details: Readonly<Details>, label: (key: string) => string): string;
}

/** One value of a select or radio field: the key stored, the name shown. */
export type Choice = readonly [key: string, name: string];

interface TextOptions {
  example: string;
  regexp: string;
  invalid: string;
  min?: number;
  max?: number;
  required?: boolean;
  normalise?: (value: string, ctx: RuleContext) => string | null;
  rejected?: string;
  identifying?: boolean;
  secret?: boolean;
}

export function text(key: string, name: string, o: TextOptions): DetailRule {
  return {
    key,
    name,
    type: 'text',
    required: o.required ?? true,
    example: o.example,
    min_length: o.min ?? null,
    max_length: o.max ?? null,
    validation_regexp: o.regexp,
    values_allowed: [],
    refresh_requirements_on_change: false,
    invalid: o.invalid,
    normalise: o.normalise ?? ((v) => v),
    ...(o.rejected !== undefined ? { rejected: o.rejected } : {}),
    identifying: o.identifying ?? true,
    secret: o.secret ?? false,
  };
}

export function choice(
  key: string,
  name: string,
  values: readonly Choice[],
  o: { type?: 'select' | 'radio'; refresh?: boolean; identifying?: boolean } = {},
): DetailRule {
  return {
    key,
    name,
    type: o.type ?? 'select',
    required: true,
    example: null,
    min_length: null,
    max_length: null,
    validation_regexp: null,
    values_allowed: values.map(([k, n]) => ({ key: k, name: n })),
    refresh_requirements_on_change: o.refresh ?? false,
    invalid: `Choose a ${name.toLowerCase()} from the list.`,
    normalise: (v) => v,
    identifying: o.identifying ?? true,
    secret: false,
  };
}

const last4 = (value: string | undefined): string => (value ?? '').replace(/[^0-9A-Za-z]/g, '').slice(-4);
/** A summary that shows only the last four letters and digits: "IBAN ••• 3000". */
export const masked = (prefix: string, value: string | undefined): string => `${prefix} ••• ${last4(value)}`;
/** A secret detail as GET and the list answer it: "•••• 4567" (its last four letters and digits). */
export const maskedValue = (value: string): string => `•••• ${last4(value)}`;

/** A chosen value of a select field when it is one of its keys, else the first (the default shown). */
export function chosen(details: Readonly<Details>, key: string, values: readonly Choice[]): Choice {
  const v = details[key]?.trim();
  return values.find(([k]) => k === v) ?? values[0]!;
}

export const bankField = (banks: readonly Choice[]): DetailRule => choice('bank_code', 'Bank', banks);

/** An account number of `min` to `max` digits. */
export function accountNumber(min: number, max: number, example: string, name = 'Account number'): DetailRule {
  const digits = min === max ? `${min} digits` : `${min} to ${max} digits`;
  return text('account_number', name, {
    example,
    regexp: `^[0-9]{${min},${max}}$`,
    min,
    max,
    invalid: `Enter the account number: ${digits}, no spaces.`,
    secret: true,
  });
}

/** Case-insensitive two letters, for a regexp without flags. */
const letters = (code: string): string => [...code].map((c) => `[${c}${c.toLowerCase()}]`).join('');

/** IBAN of `country` (its length, its prefix: an IBAN of another country is refused), typed with or without spaces. */
export function ibanField(country: string, example: string, name = 'IBAN'): DetailRule {
  const chars = countrySpecs[country]?.chars;
  if (!chars) throw new Error(`no IBAN specification for ${country}`);
  const friendly = friendlyFormatIBAN(example) ?? example;
  return text('iban', name, {
    example: friendly,
    regexp: `^${letters(country)}[0-9]{2}(?: ?[A-Za-z0-9]){${chars - 4}}$`,
    min: chars,
    max: chars + Math.ceil(chars / 4) - 1,
    invalid: `Enter an IBAN from ${countryName(country)}: it starts with ${country} and has ${chars} characters, like ${friendly}.`,
    normalise: (v) => {
      const iban = normalIban(v);
      return iban?.startsWith(country) ? iban : null;
    },
    rejected: 'This IBAN is not valid: check it for typos.',
    secret: true,
  });
}

export function bicField(example: string): DetailRule {
  return text('bic', 'BIC (SWIFT code)', {
    example,
    regexp: '^[A-Za-z]{6}[A-Za-z0-9]{2}(?:[A-Za-z0-9]{3})?$',
    min: 8,
    max: 11,
    invalid: `Enter the BIC (SWIFT code) of the bank: 8 or 11 letters and digits, like ${example}.`,
    normalise: (v) => normalBic(v),
    rejected: 'This BIC (SWIFT code) is not valid: check it for typos.',
    identifying: false,
  });
}

export const PHONE_REGEXP = '^\\+?[0-9][0-9 ()-]{6,19}$';

/** A mobile number of the destination country, stored in E.164. */
export function mobileNumber(
  country: string,
  example: string,
  name = 'Mobile number',
  what = 'mobile number',
): DetailRule {
  return text('phone_number', name, {
    example,
    regexp: PHONE_REGEXP,
    min: 7,
    max: 20,
    invalid: `Enter a valid ${what} for ${countryName(country)}, like ${example}.`,
    normalise: (v) => normalMobileNumber(v, country),
    secret: true,
  });
}

/** A Brazilian CPF (tax number), stored as its 11 digits. */
export function cpfField(key: string, name: string): DetailRule {
  return text(key, name, {
    example: '123.456.789-09',
    regexp: '^[0-9]{3}\\.?[0-9]{3}\\.?[0-9]{3}-?[0-9]{2}$',
    min: 11,
    max: 14,
    invalid: 'Enter the 11-digit CPF, like 123.456.789-09.',
    normalise: (v) => normalCpf(v),
    rejected: 'This CPF is not valid: check it for typos.',
    secret: true,
  });
}
