import { textProblem, type TextProblem } from '../../lib/text.ts';
import type { AttributeDefinition } from '../reference/attribute-catalog.ts';
import { isAdult, nationalIdChecksumValid, parseDayMonthYear } from './validators.ts';

/**
 * Server-side rules of attribute values (pure). Every value is normalised to Unicode NFC (so "Zoë"
 * typed as Z o e + combining diaeresis is stored as the one-character ë) and trimmed; these keys
 * are normalised further before the attribute's regular_expression is applied:
 * - national_id_number: whitespace removed, upper-cased (so "ab 12 34 56 c" is AB123456C);
 * - nationality, address.postcode: upper-cased.
 * A choice attribute (one with `options`) accepts exactly its option values
 * (docs/product/onboarding.md#attributes); any other is checked against its regular_expression.
 * Then: date_of_birth must be a real date and the customer at least 18; nationality a known iso2;
 * national_id_number passes the country's checksum where one exists (ES DNI/NIE letter, IT codice
 * fiscale check character, FR NIR key).
 */
export function normaliseAttributeValue(attribute: string, value: string): string {
  const v = value.normalize('NFC').trim();
  switch (attribute) {
    case 'national_id_number':
      return v.replace(/\s+/g, '').toUpperCase();
    case 'nationality':
    case 'address.postcode':
      return v.toUpperCase();
    default:
      return v;
  }
}

export interface RuleContext {
  /** The customer's country (iso2), for country-specific checksums. */
  countryIso2: string;
  now: Date;
  isKnownIso2(iso2: string): boolean;
}

/**
 * The attributes that hold a person's name (docs/product/system.md#names-and-text): besides the rules of
 * every text value they refuse invisible formatting characters and words mixing alphabets.
 */
export const PERSON_NAME_ATTRIBUTES: ReadonlySet<string> = new Set([
  'first_name',
  'middle_name',
  'last_name',
  'second_last_name',
]);

export const ADULT_MESSAGE = 'You must be at least 18 years old.';
export const NATIONALITY_MESSAGE = 'Choose a valid nationality.';

export const requiredMessage = (def: AttributeDefinition): string => `The ${def.label} field is required.`;
const formatMessage = (def: AttributeDefinition): string =>
  def.expression_error_message ?? `The ${def.label} field format is invalid.`;

const TEXT_PROBLEM_MESSAGES: Record<TextProblem, (label: string) => string> = {
  control: (label) => `The ${label} field must not contain control characters (line breaks, tabs, NUL and the like).`,
  invalid: (label) => `The ${label} field contains a character that is not valid text.`,
  bidi: (label) => `The ${label} field must not contain characters that change the direction of the text.`,
  invisible: (label) =>
    `The ${label} field must not contain invisible characters (zero-width or text-direction characters).`,
  mixed_script: (label) =>
    `The ${label} field mixes letters of different alphabets in one word (such as Latin and Cyrillic); type each word in one alphabet.`,
};

/**
 * The text rule of an attribute value (docs/product/system.md#names-and-text): no control characters in
 * any value, no bidirectional overrides in any value, and for names no invisible characters and no
 * word mixing Latin, Cyrillic or Greek letters. The message, or null.
 */
export function attributeTextError(
  def: Pick<AttributeDefinition, 'attribute' | 'label'>,
  value: string,
): string | null {
  const problem = textProblem(value, PERSON_NAME_ATTRIBUTES.has(def.attribute) ? 'name' : 'display');
  return problem === null ? null : TEXT_PROBLEM_MESSAGES[problem](def.label);
}

/** The error message for a normalised, non-empty value, or null when it is valid. */
export function attributeValueError(def: AttributeDefinition, value: string, ctx: RuleContext): string | null {
  const textError = attributeTextError(def, value);
  if (textError !== null) return textError;
  if (def.options !== null) {
    // A choice attribute: one of its option values, exactly (its regex is derived from them).
    if (!def.options.some((o) => o.value === value)) return formatMessage(def);
  } else if (def.regular_expression !== null && !new RegExp(def.regular_expression).test(value)) {
    return formatMessage(def);
  }
  switch (def.attribute) {
    case 'date_of_birth': {
      const birth = parseDayMonthYear(value);
      if (!birth) return formatMessage(def);
      if (!isAdult(birth, ctx.now)) return ADULT_MESSAGE;
      return null;
    }
    case 'nationality':
      return ctx.isKnownIso2(value) ? null : NATIONALITY_MESSAGE;
    case 'national_id_number':
      return nationalIdChecksumValid(ctx.countryIso2, value) ? null : formatMessage(def);
    default:
      return null;
  }
}

/** Attribute values (null = unset) → the customers columns they determine. */
export interface IdentityColumns {
  name: string | null;
  second_name: string | null;
  third_name: string | null;
  unique_identity_number: string | null;
  /** iso2 of the nationality attribute, resolved to nationality_id by the caller. */
  nationality_iso2: string | null;
}

export interface AddressColumns {
  address_line_1: string | null;
  address_line_2: string | null;
  city: string | null;
  postcode: string | null;
  region: string | null;
}

type Values = Readonly<Record<string, string | null | undefined>>;
const val = (values: Values, key: string): string | null => {
  const v = Object.hasOwn(values, key) ? values[key] : undefined;
  return v === undefined || v === null || v.trim() === '' ? null : v;
};

/**
 * name, second_name, third_name, whole_name and unique_identity_number follow from the identity
 * attributes (docs/product/entities.md#customer): name ← first_name, second_name ← middle_name,
 * third_name ← the surname(s) (last_name, then second_last_name for Spain/Mexico),
 * unique_identity_number ← national_id_number. whole_name is the non-empty parts joined by spaces
 * (computed by the mapper).
 */
export function identityColumns(values: Values): IdentityColumns {
  const surnames = [val(values, 'last_name'), val(values, 'second_last_name')].filter((s): s is string => s !== null);
  return {
    name: val(values, 'first_name'),
    second_name: val(values, 'middle_name'),
    third_name: surnames.length ? surnames.join(' ') : null,
    unique_identity_number: val(values, 'national_id_number'),
    nationality_iso2: val(values, 'nationality'),
  };
}

/** address.line_1 → address_line_1, address.line_2 → address_line_2, address.city/postcode/region → same. */
export function addressColumns(values: Values): AddressColumns {
  return {
    address_line_1: val(values, 'address.line_1'),
    address_line_2: val(values, 'address.line_2'),
    city: val(values, 'address.city'),
    postcode: val(values, 'address.postcode'),
    region: val(values, 'address.region'),
  };
}
