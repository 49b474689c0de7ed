import type { AttributeOption } from '@remit/contract';
import type { AttributeSeed } from './types.ts';
import { oneOf, option } from './types.ts';

/**
 * Building blocks shared by the country sets. Conventions the api relies on (see
 * modules/onboarding/attribute-rules.ts): keys `first_name`, `middle_name`, `last_name`,
 * `second_last_name`, `date_of_birth`, `nationality`, `national_id_number` and `address.*` map
 * onto customers/addresses columns; every value is trimmed, and a few keys are normalised before
 * the regular expression is applied (national_id_number: whitespace removed and upper-cased;
 * nationality and address.postcode: upper-cased).
 */

// Letters (any script), spaces, apostrophes, dots and hyphens: no digits or other symbols.
const NAME_RE = String.raw`^[^0-9!"#$%&()*+,/:;<=>?@[\\\]^_{|}~]{1,100}$`;

export function text(
  attribute: string,
  category: AttributeSeed['category'],
  label: string,
  opts: Partial<Omit<AttributeSeed, 'attribute' | 'category' | 'label'>> = {},
): AttributeSeed {
  return {
    attribute,
    category,
    label,
    info_text: opts.info_text ?? null,
    mask: opts.mask ?? null,
    regular_expression: opts.regular_expression ?? null,
    expression_error_message: opts.expression_error_message ?? null,
    is_required: opts.is_required ?? true,
    options: opts.options ?? null,
  };
}

/**
 * A choice attribute: one of `options` (docs/product/onboarding.md#attributes). Its regular
 * expression is derived from the option values (`oneOf`).
 */
export function choice(
  attribute: string,
  category: AttributeSeed['category'],
  label: string,
  options: readonly AttributeOption[],
  opts: Partial<Omit<AttributeSeed, 'attribute' | 'category' | 'label' | 'options' | 'regular_expression'>> = {},
): AttributeSeed {
  return text(attribute, category, label, { ...opts, options: [...options], regular_expression: oneOf(options) });
}

export function nameField(
  attribute: string,
  label: string,
  isRequired = true,
  info: string | null = null,
): AttributeSeed {
  return text(attribute, 'identity', label, {
    regular_expression: NAME_RE,
    expression_error_message: `The ${label.toLowerCase()} may only contain letters, spaces, apostrophes, dots and hyphens.`,
    info_text: info ?? 'As shown on your identity document.',
    is_required: isRequired,
  });
}

/** first_name, middle_name (optional), last_name. */
export const westernNames = (): AttributeSeed[] => [
  nameField('first_name', 'First name'),
  nameField('middle_name', 'Middle name', false, 'Leave empty if you have none.'),
  nameField('last_name', 'Last name'),
];

export const DATE_OF_BIRTH_RE = String.raw`^(0[1-9]|[12]\d|3[01])/(0[1-9]|1[0-2])/(19|20)\d{2}$`;

export const dateOfBirth = (): AttributeSeed =>
  text('date_of_birth', 'identity', 'Date of birth', {
    mask: '99/99/9999',
    regular_expression: DATE_OF_BIRTH_RE,
    expression_error_message: 'Enter your date of birth as DD/MM/YYYY.',
    info_text: 'Day, month and year, e.g. 31/01/1990. You must be at least 18.',
  });

export const nationality = (): AttributeSeed =>
  text('nationality', 'identity', 'Nationality', {
    mask: 'AA',
    regular_expression: '^[A-Z]{2}$',
    expression_error_message: 'Choose your nationality (a two-letter country code, e.g. GB).',
    info_text: 'The two-letter ISO code of the country of your passport, e.g. GB.',
  });

export function nationalId(
  label: string,
  regularExpression: string,
  message: string,
  opts: { mask?: string | null; info?: string; required?: boolean } = {},
): AttributeSeed {
  return text('national_id_number', 'identity', label, {
    mask: opts.mask ?? null,
    regular_expression: regularExpression,
    expression_error_message: message,
    info_text: opts.info ?? null,
    is_required: opts.required ?? true,
  });
}

export interface AddressOptions {
  cityLabel?: string;
  postcodeLabel: string;
  postcodeRegex: string | null;
  postcodeMessage?: string;
  postcodeMask?: string | null;
  postcodeInfo?: string;
  postcodeRequired?: boolean;
  regionLabel?: string;
  /** A fixed list (a choice attribute, rendered as a select) or null for free text. */
  regions?: readonly AttributeOption[] | null;
  regionRequired?: boolean;
}

/** address.line_1, address.line_2, address.city, address.region, address.postcode. */
export function address(o: AddressOptions): AttributeSeed[] {
  const regionLabel = o.regionLabel ?? 'Region';
  return [
    text('address.line_1', 'address', 'Address line 1', {
      regular_expression: '^.{2,255}$',
      expression_error_message: 'Enter between 2 and 255 characters.',
      info_text: 'House number and street.',
    }),
    text('address.line_2', 'address', 'Address line 2', {
      regular_expression: '^.{1,255}$',
      expression_error_message: 'Enter at most 255 characters.',
      info_text: 'Flat, building or area (optional).',
      is_required: false,
    }),
    text('address.city', 'address', o.cityLabel ?? 'City', {
      regular_expression: String.raw`^[^0-9!"#$%&()*+,/:;<=>?@[\\\]^_{|}~]{1,120}$`,
      expression_error_message: `Enter a valid ${(o.cityLabel ?? 'city').toLowerCase()}.`,
    }),
    o.regions
      ? choice('address.region', 'address', regionLabel, o.regions, {
          expression_error_message: `Choose a ${regionLabel.toLowerCase()} from the list.`,
          is_required: o.regionRequired ?? false,
        })
      : text('address.region', 'address', regionLabel, {
          regular_expression: '^.{1,120}$',
          expression_error_message: 'Enter at most 120 characters.',
          is_required: o.regionRequired ?? false,
        }),
    text('address.postcode', 'address', o.postcodeLabel, {
      mask: o.postcodeMask ?? null,
      regular_expression: o.postcodeRegex,
      expression_error_message: o.postcodeMessage ?? `Enter a valid ${o.postcodeLabel.toLowerCase()}.`,
      info_text: o.postcodeInfo ?? null,
      is_required: o.postcodeRequired ?? true,
    }),
  ];
}

export const EMPLOYMENT_STATUSES: readonly AttributeOption[] = [
  option('employed', 'Employed'),
  option('self_employed', 'Self-employed'),
  option('unemployed', 'Unemployed'),
  option('student', 'Student'),
  option('retired', 'Retired'),
];

/** Gross yearly income bands, in thousands of the country's currency (named in the info text). */
export const INCOME_BANDS: readonly AttributeOption[] = [
  option('under_10k', 'Under 10,000'),
  option('10k_30k', '10,000 to 30,000'),
  option('30k_60k', '30,000 to 60,000'),
  option('60k_100k', '60,000 to 100,000'),
  option('over_100k', 'Over 100,000'),
];

/** employment_status, occupation, employer_name (optional), annual_income. */
export function employment(currency = 'USD'): AttributeSeed[] {
  return [
    choice('employment_status', 'employment', 'Employment status', EMPLOYMENT_STATUSES, {
      expression_error_message: 'Choose your employment status from the list.',
    }),
    text('occupation', 'employment', 'Occupation', {
      regular_expression: '^.{2,100}$',
      expression_error_message: 'Enter between 2 and 100 characters.',
      info_text: 'Your job title, or e.g. Student or Retired.',
    }),
    text('employer_name', 'employment', 'Employer name', {
      regular_expression: '^.{2,200}$',
      expression_error_message: 'Enter between 2 and 200 characters.',
      info_text: 'Leave empty if you are not employed.',
      is_required: false,
    }),
    choice('annual_income', 'employment', 'Annual income', INCOME_BANDS, {
      expression_error_message: 'Choose your annual income band from the list.',
      info_text: `Gross yearly income in ${currency} (thousands): under 10k, 10k-30k, 30k-60k, 60k-100k or over 100k.`,
    }),
  ];
}
