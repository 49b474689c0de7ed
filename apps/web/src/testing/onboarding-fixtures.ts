import { Attribute, Country, Customer, type AttributeCategory, type AttributeOption, type Task } from '@remit/contract';
import { buildCustomer } from './fixtures';

const country = (
  id: number,
  iso2: string,
  iso3: string,
  common: string,
  official: string,
  endonym: string | null,
  calling: string | null,
): Country =>
  Country.parse({
    id,
    iso2_alpha: iso2,
    iso3_alpha: iso3,
    iso_numeric: String(id).padStart(3, '0'),
    fips_code: null,
    slug: common.toLowerCase().replace(/\s+/g, '-'),
    calling_code: calling,
    common_name: common,
    official_name: official,
    endonym,
    demonym: null,
  });

export const countries = {
  GB: country(
    826,
    'GB',
    'GBR',
    'United Kingdom',
    'United Kingdom of Great Britain and Northern Ireland',
    'United Kingdom',
    '+44',
  ),
  DE: country(276, 'DE', 'DEU', 'Germany', 'Federal Republic of Germany', 'Deutschland', '+49'),
  FR: country(250, 'FR', 'FRA', 'France', 'French Republic', 'France', '+33'),
  NG: country(566, 'NG', 'NGA', 'Nigeria', 'Federal Republic of Nigeria', 'Nigeria', '+234'),
  IN: country(356, 'IN', 'IND', 'India', 'Republic of India', 'भारत', '+91'),
  CI: country(384, 'CI', 'CIV', 'Ivory Coast', 'Republic of Côte d’Ivoire', 'Côte d’Ivoire', '+225'),
  AQ: country(10, 'AQ', 'ATA', 'Antarctica', 'Antarctica', null, null),
} as const;

export const countryList: Country[] = Object.values(countries);

const attr = (a: Partial<Attribute> & Pick<Attribute, 'attribute' | 'category' | 'label'>): Attribute =>
  Attribute.parse({
    regular_expression: null,
    mask: null,
    expression_error_message: null,
    info_text: null,
    is_required: false,
    value: null,
    options: null,
    ...a,
  });

/** A choice attribute as the api sends it: its options, and the anchored alternation of their values. */
const choice = (
  a: Partial<Attribute> & Pick<Attribute, 'attribute' | 'category' | 'label'>,
  options: AttributeOption[],
): Attribute => attr({ ...a, options, regular_expression: `^(${options.map((o) => o.value).join('|')})$` });

const EMPLOYMENT: AttributeOption[] = [
  { value: 'employed', label: 'Employed' },
  { value: 'self_employed', label: 'Self-employed' },
  { value: 'unemployed', label: 'Unemployed' },
  { value: 'student', label: 'Student' },
  { value: 'retired', label: 'Retired' },
];

/** A few of Nigeria's states (the api lists all 37). */
export const NG_STATES: AttributeOption[] = [
  { value: 'Abia', label: 'Abia' },
  { value: 'Federal Capital Territory', label: 'Federal Capital Territory' },
  { value: 'Lagos', label: 'Lagos' },
];

/** United Kingdom: NI number with a mask, postcode regex, dotted address keys. */
export const gbAttributes: Attribute[] = [
  attr({
    attribute: 'first_name',
    category: 'identity',
    label: 'First name',
    is_required: true,
    regular_expression: "^[A-Za-z' -]{1,50}$",
    expression_error_message: 'Use letters only.',
  }),
  attr({ attribute: 'last_name', category: 'identity', label: 'Last name', is_required: true }),
  attr({
    attribute: 'date_of_birth',
    category: 'identity',
    label: 'Date of birth',
    is_required: true,
    mask: '99/99/9999',
    regular_expression: '^\\d{2}/\\d{2}/\\d{4}$',
    expression_error_message: 'Enter your date of birth as DD/MM/YYYY.',
    info_text: 'For example, 31/03/1990.',
  }),
  attr({
    attribute: 'identity.ni_number',
    category: 'identity',
    label: 'National Insurance number',
    mask: 'AA 99 99 99 A',
    regular_expression: '^[A-Z]{2} \\d{2} \\d{2} \\d{2} [A-D]$',
    expression_error_message: 'Enter a National Insurance number like QQ 12 34 56 C.',
    info_text: 'It’s on your National Insurance card, payslip or P60.',
  }),
  attr({ attribute: 'address.line_1', category: 'address', label: 'Address line 1', is_required: true }),
  attr({ attribute: 'address.line_2', category: 'address', label: 'Address line 2' }),
  attr({ attribute: 'address.city', category: 'address', label: 'Town or city', is_required: true }),
  attr({
    attribute: 'address.postcode',
    category: 'address',
    label: 'Postcode',
    is_required: true,
    regular_expression: '^[A-Z]{1,2}\\d[A-Z\\d]? ?\\d[A-Z]{2}$',
    expression_error_message: 'Enter a real postcode, like SW1A 1AA.',
    info_text: 'Use capital letters.',
  }),
  choice(
    { attribute: 'employment_status', category: 'employment', label: 'Employment status', is_required: true },
    EMPLOYMENT,
  ),
  attr({ attribute: 'occupation', category: 'employment', label: 'Occupation' }),
];

/** Nigeria: BVN instead of NI number, a state from a list instead of a postcode. */
export const ngAttributes: Attribute[] = [
  attr({ attribute: 'first_name', category: 'identity', label: 'First name', is_required: true }),
  attr({ attribute: 'last_name', category: 'identity', label: 'Surname', is_required: true }),
  attr({
    attribute: 'bvn',
    category: 'identity',
    label: 'Bank Verification Number (BVN)',
    is_required: true,
    mask: '99999999999',
    regular_expression: '^\\d{11}$',
    expression_error_message: 'A BVN has 11 digits.',
    info_text: 'Dial *565*0# to get your BVN.',
  }),
  attr({ attribute: 'address.line_1', category: 'address', label: 'Street address', is_required: true }),
  attr({ attribute: 'address.city', category: 'address', label: 'City', is_required: true }),
  choice({ attribute: 'address.region', category: 'address', label: 'State', is_required: true }, NG_STATES),
  choice(
    { attribute: 'employment_status', category: 'employment', label: 'Employment status', is_required: true },
    EMPLOYMENT,
  ),
];

const attributesByCountry: Record<string, Attribute[]> = { GB: gbAttributes, NG: ngAttributes };

export const gbIdentityValues = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  date_of_birth: '10/12/1985',
  'identity.ni_number': 'QQ 12 34 56 C',
};
export const gbAddressValues = {
  'address.line_1': '1 Main Street',
  'address.city': 'Leeds',
  'address.postcode': 'LS1 1AA',
};
export const gbEmploymentValues = { employment_status: 'employed' };

export interface OnboardingCustomerOptions {
  email?: string;
  emailVerified?: boolean;
  country?: keyof typeof countries | null;
  /** Attribute values by key. */
  values?: Record<string, string>;
  mobile?: { country: keyof typeof countries; number: string } | null;
  name?: string | null;
}

/** A customer at any point of onboarding, with the attributes of its country. */
export function buildOnboardingCustomer(options: OnboardingCustomerOptions = {}): Customer {
  const base = buildCustomer({
    email: options.email ?? 'ada@example.com',
    is_email_verified: options.emailVerified ?? true,
  });
  const code = options.country === undefined ? null : options.country;
  const values = options.values ?? {};
  const attributes = (code ? (attributesByCountry[code] ?? []) : []).map((a) => ({
    ...a,
    value: values[a.attribute] ?? null,
  }));
  return Customer.parse({
    ...base,
    name: options.name ?? null,
    country: code ? countries[code] : null,
    account: {
      ...base.account,
      mobile_number: options.mobile?.number ?? null,
      mobile_number_country: options.mobile ? countries[options.mobile.country] : null,
    },
    attributes,
  });
}

/** Tasks as the api would derive them for a customer. */
export function tasksFor(customer: Customer): Task[] {
  const missing = (category: AttributeCategory) =>
    !customer.country || customer.attributes.some((a) => a.category === category && a.is_required && !a.value);
  const task = (code: Task['code'], title: string, done: boolean, route = 'onboardingWorkflow'): Task => ({
    code,
    title,
    description: `${title}.`,
    status: done ? 'completed' : 'pending',
    route,
  });
  return [
    task('verify_email', 'Verify your email', customer.account.is_email_verified),
    task('choose_country', 'Choose your country', customer.country !== null),
    task('identity_information', 'Tell us about yourself', !missing('identity')),
    task('address_information', 'Add your address', !missing('address')),
    task('employment_information', 'Add your employment', !missing('employment')),
    task('mobile_number', 'Add your mobile number', customer.account.mobile_number !== null),
    task('account_verification', 'Verify your account', false, 'accountVerification'),
  ];
}
