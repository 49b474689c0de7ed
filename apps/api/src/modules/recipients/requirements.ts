import {
  requirementProblem,
  type RecipientPayoutMethod,
  type RecipientRequirements,
  type RequirementField,
  type RequirementProblem,
} from '@remit/contract';
import { countrySpecs, friendlyFormatIBAN } from 'ibantools';
import { emptyFieldErrors, type FieldErrors } from '../../lib/app-error.ts';
import { textProblem } from '../../lib/text.ts';
import {
  isValidAbaRouting,
  isValidClabe,
  isValidNuban,
  normalBic,
  normalCpf,
  normalEmail,
  normalEvp,
  normalIban,
  normalIfsc,
  normalMobileNumber,
  normalSortCode,
  nubanCheckDigit,
} from './checks.ts';

/**
 * The requirements schema of every destination we pay out to (docs/product/money-movement.md#recipients),
 * keyed by country, currency and payout method. This catalog is the recipients module's own: it does
 * not read the corridors (which list the same destinations for pricing); a destination missing here
 * cannot have recipients.
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
}

export interface RequirementSet {
  /** The fields for the details chosen so far (a field with `refresh_requirements_on_change` may change the rest). */
  fields(details: Readonly<Details>): DetailRule[];
  /** Masked, for lists: "M-Pesa ••• 4567". `label(key)` is the chosen value's name of a select field. */
  summary(details: Readonly<Details>, label: (key: string) => string): string;
}

// ---- field builders ----

type Choice = readonly [key: string, name: string];

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
}

function text(key: string, name: string, o: TextOptions): DetailRule {
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
  };
}

function choice(
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
  };
}

const last4 = (value: string | undefined): string => (value ?? '').replace(/[^0-9A-Za-z]/g, '').slice(-4);
const masked = (prefix: string, value: string | undefined): string => `${prefix} ••• ${last4(value)}`;

/** A chosen value of a select field when it is one of its keys, else the first (the default shown). */
function chosen(details: Readonly<Details>, key: string, values: readonly Choice[]): Choice {
  const v = details[key]?.trim();
  return values.find(([k]) => k === v) ?? values[0]!;
}

const bankField = (banks: readonly Choice[]): DetailRule => choice('bank_code', 'Bank', banks);

function accountNumber(min: number, max: number, example: string, name = 'Account number'): DetailRule {
  const digits = min === max ? `${min} digits` : `${min} to ${max} digits`;
  return text('account_number', name, {
    example,
    regexp: `^[0-9]{${min},${max}}$`,
    min,
    max,
    invalid: `Enter the account number: ${digits}, no spaces.`,
  });
}

// ---- destinations ----

const COUNTRY_NAMES: Record<string, string> = {
  AT: 'Austria',
  BD: 'Bangladesh',
  BE: 'Belgium',
  BG: 'Bulgaria',
  BR: 'Brazil',
  CA: 'Canada',
  CY: 'Cyprus',
  DE: 'Germany',
  EE: 'Estonia',
  ES: 'Spain',
  FI: 'Finland',
  FR: 'France',
  GB: 'the United Kingdom',
  GH: 'Ghana',
  GR: 'Greece',
  HR: 'Croatia',
  IE: 'Ireland',
  IN: 'India',
  IT: 'Italy',
  KE: 'Kenya',
  KR: 'South Korea',
  LT: 'Lithuania',
  LU: 'Luxembourg',
  LV: 'Latvia',
  MT: 'Malta',
  MX: 'Mexico',
  NG: 'Nigeria',
  NL: 'the Netherlands',
  PH: 'the Philippines',
  PK: 'Pakistan',
  PT: 'Portugal',
  SI: 'Slovenia',
  SK: 'Slovakia',
  TH: 'Thailand',
  TZ: 'Tanzania',
  UG: 'Uganda',
  US: 'the United States',
  VN: 'Vietnam',
};
export const countryName = (iso2: string): string => COUNTRY_NAMES[iso2] ?? iso2;

/** Case-insensitive two letters, for a regexp without flags. */
const letters = (code: string): string => [...code].map((c) => `[${c}${c.toLowerCase()}]`).join('');

/** IBAN of `country` (its length, its prefix: an IBAN of another country is refused), typed with or without spaces. */
function ibanField(country: string, example: string, name = 'IBAN'): DetailRule {
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
  });
}

function bicField(example: string): DetailRule {
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

const PHONE_REGEXP = '^\\+?[0-9][0-9 ()-]{6,19}$';

/** A mobile number of the destination country, stored in E.164. */
function mobileNumber(country: string, example: string, name = 'Mobile number', what = 'mobile number'): DetailRule {
  return text('phone_number', name, {
    example,
    regexp: PHONE_REGEXP,
    min: 7,
    max: 20,
    invalid: `Enter a valid ${what} for ${countryName(country)}, like ${example}.`,
    normalise: (v) => normalMobileNumber(v, country),
  });
}

type Provider = readonly [key: string, name: string, example: string];

/** Wallets: the provider (choosing one refreshes the example) and the wallet's mobile number. */
function walletSet(country: string, providers: readonly Provider[]): RequirementSet {
  const values = providers.map(([k, n]) => [k, n] as const);
  return {
    fields(details) {
      const [key] = chosen(details, 'provider', values);
      const [, name, example] = providers.find(([k]) => k === key)!;
      return [
        choice('provider', 'Wallet provider', values, { refresh: true }),
        mobileNumber(country, example, `${name} number`, `${name} number`),
      ];
    },
    summary: (d, label) => masked(label('provider'), d.phone_number),
  };
}

/** Cash pickup: where the recipient collects it and their mobile number (the collection code goes there). */
function cashPickupSet(country: string, partners: readonly Choice[], example: string): RequirementSet {
  return {
    fields: () => [
      choice('pickup_partner', 'Pickup location', partners, { identifying: false }),
      mobileNumber(country, example, "Recipient's mobile number"),
    ],
    summary: (d, label) => `Cash pickup · ${label('pickup_partner')}`,
  };
}

/** A bank chosen from a list and an account number of a fixed range of digits. */
function bankSet(banks: readonly Choice[], min: number, max: number, example: string): RequirementSet {
  return {
    fields: () => [bankField(banks), accountNumber(min, max, example)],
    summary: (d, label) => masked(label('bank_code'), d.account_number),
  };
}

function ibanSet(country: string, example: string, bic?: string): RequirementSet {
  return {
    fields: () => (bic !== undefined ? [ibanField(country, example), bicField(bic)] : [ibanField(country, example)]),
    summary: (d) => masked('IBAN', d.iban),
  };
}

// Kenya
const KE_BANKS: Choice[] = [
  ['01', 'KCB Bank'],
  ['68', 'Equity Bank'],
  ['11', 'Co-operative Bank'],
  ['02', 'Standard Chartered Kenya'],
  ['03', 'Absa Bank Kenya'],
  ['07', 'NCBA Bank'],
  ['31', 'Stanbic Bank Kenya'],
  ['63', 'Diamond Trust Bank'],
  ['57', 'I&M Bank'],
  ['70', 'Family Bank'],
];

// Philippines
const PH_BANKS: Choice[] = [
  ['BDO', 'BDO Unibank'],
  ['BPI', 'Bank of the Philippine Islands'],
  ['MBTC', 'Metrobank'],
  ['LBP', 'Land Bank of the Philippines'],
  ['PNB', 'Philippine National Bank'],
  ['SECB', 'Security Bank'],
  ['UBP', 'UnionBank'],
  ['RCBC', 'RCBC'],
  ['CBC', 'China Bank'],
];

// Bangladesh: the branch routing number (9 digits) names bank and branch.
const BD_BANKS: Choice[] = [
  ['sonali', 'Sonali Bank'],
  ['janata', 'Janata Bank'],
  ['agrani', 'Agrani Bank'],
  ['dbbl', 'Dutch-Bangla Bank'],
  ['brac', 'BRAC Bank'],
  ['ibbl', 'Islami Bank Bangladesh'],
  ['city', 'The City Bank'],
  ['ebl', 'Eastern Bank'],
];

const TH_BANKS: Choice[] = [
  ['002', 'Bangkok Bank'],
  ['004', 'Kasikornbank'],
  ['006', 'Krung Thai Bank'],
  ['014', 'Siam Commercial Bank'],
  ['025', 'Bank of Ayudhya (Krungsri)'],
  ['011', 'TMBThanachart Bank (ttb)'],
];

const KR_BANKS: Choice[] = [
  ['004', 'KB Kookmin Bank'],
  ['088', 'Shinhan Bank'],
  ['020', 'Woori Bank'],
  ['081', 'Hana Bank'],
  ['011', 'NongHyup Bank'],
  ['003', 'Industrial Bank of Korea'],
  ['090', 'Kakao Bank'],
  ['092', 'Toss Bank'],
];

const VN_BANKS: Choice[] = [
  ['VCB', 'Vietcombank'],
  ['CTG', 'VietinBank'],
  ['BIDV', 'BIDV'],
  ['VBA', 'Agribank'],
  ['TCB', 'Techcombank'],
  ['MB', 'MB Bank'],
  ['ACB', 'Asia Commercial Bank'],
  ['VPB', 'VPBank'],
];

/** Nigerian banks by their 3-digit CBN code (the NUBAN check digit is computed with it). */
const NG_BANKS: Choice[] = [
  ['058', 'Guaranty Trust Bank'],
  ['044', 'Access Bank'],
  ['011', 'First Bank of Nigeria'],
  ['033', 'United Bank for Africa'],
  ['057', 'Zenith Bank'],
  ['070', 'Fidelity Bank'],
  ['214', 'First City Monument Bank'],
  ['050', 'Ecobank Nigeria'],
  ['032', 'Union Bank of Nigeria'],
  ['221', 'Stanbic IBTC Bank'],
  ['232', 'Sterling Bank'],
  ['035', 'Wema Bank'],
  ['076', 'Polaris Bank'],
  ['023', 'Citibank Nigeria'],
];
const NG_EXAMPLE = `012345678${nubanCheckDigit('058', '012345678')}`;

const GH_BANKS: Choice[] = [
  ['GCB', 'GCB Bank'],
  ['ECO', 'Ecobank Ghana'],
  ['SBG', 'Stanbic Bank Ghana'],
  ['ABG', 'Absa Bank Ghana'],
  ['FBL', 'Fidelity Bank Ghana'],
  ['CAL', 'CalBank'],
];

const UG_BANKS: Choice[] = [
  ['SBU', 'Stanbic Bank Uganda'],
  ['CEN', 'Centenary Bank'],
  ['DFCU', 'dfcu Bank'],
  ['ABU', 'Absa Bank Uganda'],
  ['EQU', 'Equity Bank Uganda'],
  ['SCU', 'Standard Chartered Uganda'],
];

const TZ_BANKS: Choice[] = [
  ['CRDB', 'CRDB Bank'],
  ['NMB', 'NMB Bank'],
  ['NBC', 'NBC Bank'],
  ['SBT', 'Stanbic Bank Tanzania'],
  ['EXIM', 'Exim Bank Tanzania'],
  ['EQT', 'Equity Bank Tanzania'],
];

// United States: ABA routing number, account number, checking or savings.
const US_ACCOUNT_TYPES: Choice[] = [
  ['checking', 'Checking'],
  ['savings', 'Savings'],
];
const US_SET: RequirementSet = {
  fields(details) {
    const [, typeName] = chosen(details, 'account_type', US_ACCOUNT_TYPES);
    return [
      choice('account_type', 'Account type', US_ACCOUNT_TYPES, { type: 'radio', refresh: true, identifying: false }),
      text('routing_number', 'Routing number (ABA)', {
        example: '026009593',
        regexp: '^[0-9]{9}$',
        min: 9,
        max: 9,
        invalid: 'Enter the 9-digit routing number (ABA), like 026009593.',
        normalise: (v) => (isValidAbaRouting(v) ? v : null),
        rejected: 'This routing number is not valid: check it for typos.',
      }),
      accountNumber(4, 17, '12345678901', `${typeName} account number`),
    ];
  },
  summary: (d, label) => masked(label('account_type'), d.account_number),
};

// Canada: institution, transit (branch) and account number.
const CA_SET: RequirementSet = {
  fields: () => [
    text('institution_number', 'Institution number', {
      example: '003',
      regexp: '^[0-9]{3}$',
      min: 3,
      max: 3,
      invalid: 'Enter the 3-digit institution number, like 003.',
    }),
    text('transit_number', 'Transit number', {
      example: '12345',
      regexp: '^[0-9]{5}$',
      min: 5,
      max: 5,
      invalid: 'Enter the 5-digit transit (branch) number, like 12345.',
    }),
    accountNumber(7, 12, '1234567'),
  ],
  summary: (d) => masked('Account', d.account_number),
};

// United Kingdom: sort code and account number, or an IBAN.
const GB_FORMATS: Choice[] = [
  ['sort_code', 'Sort code and account number'],
  ['iban', 'IBAN'],
];
const GB_SET: RequirementSet = {
  fields(details) {
    const [format] = chosen(details, 'account_format', GB_FORMATS);
    const formatField = choice('account_format', 'Account details', GB_FORMATS, {
      type: 'radio',
      refresh: true,
      identifying: false,
    });
    if (format === 'iban') return [formatField, ibanField('GB', 'GB29NWBK60161331926819')];
    return [
      formatField,
      text('sort_code', 'Sort code', {
        example: '40-47-84',
        regexp: '^[0-9]{2}[- ]?[0-9]{2}[- ]?[0-9]{2}$',
        min: 6,
        max: 8,
        invalid: 'Enter the 6-digit sort code, like 40-47-84.',
        normalise: (v) => normalSortCode(v),
      }),
      accountNumber(8, 8, '70872490'),
    ];
  },
  summary: (d) => masked(d.iban !== undefined ? 'IBAN' : 'Account', d.iban ?? d.account_number),
};

// Brazil: a PIX key of one of four kinds, and the recipient's CPF.
const PIX_KEY_TYPES: Choice[] = [
  ['cpf', 'CPF'],
  ['email', 'Email'],
  ['phone', 'Mobile number'],
  ['random', 'Random key'],
];
function pixKey(type: string): DetailRule {
  switch (type) {
    case 'email':
      return text('pix_key', 'PIX key (email)', {
        example: 'ana.souza@example.com.br',
        regexp: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
        max: 77,
        invalid: 'Enter the email address registered as the PIX key.',
        normalise: (v) => normalEmail(v),
      });
    case 'phone':
      return text('pix_key', 'PIX key (mobile number)', {
        example: '+5511987654321',
        regexp: PHONE_REGEXP,
        min: 7,
        max: 20,
        invalid: 'Enter the Brazilian mobile number registered as the PIX key, like +5511987654321.',
        normalise: (v) => normalMobileNumber(v, 'BR'),
      });
    case 'random':
      return text('pix_key', 'PIX key (random key)', {
        example: '123e4567-e89b-42d3-a456-426614174000',
        regexp: '^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$',
        min: 36,
        max: 36,
        invalid: 'Enter the random PIX key: 32 letters and digits in five groups separated by hyphens.',
        normalise: (v) => normalEvp(v),
      });
    default:
      return cpfField('pix_key', 'PIX key (CPF)');
  }
}
function cpfField(key: string, name: string): DetailRule {
  return text(key, name, {
    example: '123.456.789-09',
    regexp: '^[0-9]{3}\\.?[0-9]{3}\\.?[0-9]{3}-?[0-9]{2}$',
    min: 11,
    max: 14,
    invalid: 'Enter the 11-digit CPF, like 123.456.789-09.',
    normalise: (v) => normalCpf(v),
    rejected: 'This CPF is not valid: check it for typos.',
  });
}
const BR_SET: RequirementSet = {
  fields(details) {
    const [type] = chosen(details, 'pix_key_type', PIX_KEY_TYPES);
    return [
      choice('pix_key_type', 'PIX key type', PIX_KEY_TYPES, { refresh: true }),
      pixKey(type),
      { ...cpfField('tax_id', "Recipient's CPF"), identifying: false },
    ];
  },
  summary: (d) => masked('PIX', d.pix_key),
};

/** Euro area countries (EUR, IBAN and BIC), with an example IBAN and BIC each. */
const EURO_AREA: Record<string, readonly [iban: string, bic: string]> = {
  AT: ['AT611904300234573201', 'BKAUATWW'],
  BE: ['BE68539007547034', 'GEBABEBB'],
  BG: ['BG80BNBG96611020345678', 'BNBGBGSF'],
  CY: ['CY17002001280000001200527600', 'BCYPCY2N'],
  DE: ['DE89370400440532013000', 'DEUTDEFF'],
  EE: ['EE382200221020145685', 'HABAEE2X'],
  ES: ['ES9121000418450200051332', 'CAIXESBB'],
  FI: ['FI2112345600000785', 'NDEAFIHH'],
  FR: ['FR1420041010050500013M02606', 'BNPAFRPP'],
  GR: ['GR1601101250000000012300695', 'ETHNGRAA'],
  HR: ['HR1210010051863000160', 'ZABAHR2X'],
  IE: ['IE29AIBK93115212345678', 'AIBKIE2D'],
  IT: ['IT60X0542811101000000123456', 'UNCRITMM'],
  LT: ['LT121000011101001000', 'CBVILT2X'],
  LU: ['LU280019400644750000', 'BCEELULL'],
  LV: ['LV80BANK0000435195001', 'HABALV22'],
  MT: ['MT84MALT011000012345MTLCAST001S', 'MALTMTMT'],
  NL: ['NL91ABNA0417164300', 'ABNANL2A'],
  PT: ['PT50000201231234567890154', 'CGDIPTPL'],
  SI: ['SI56263300012039086', 'LJBASI2X'],
  SK: ['SK3112000000198742637541', 'TATRSKBX'],
};

type Methods = Partial<Record<RecipientPayoutMethod, RequirementSet>>;

/** country → currency → payout method → the requirement set. */
export const CATALOG: Record<string, Record<string, Methods>> = {
  KE: {
    KES: {
      bank_account: bankSet(KE_BANKS, 10, 16, '1234567890'),
      mobile_wallet: walletSet('KE', [
        ['mpesa', 'M-Pesa', '+254712345678'],
        ['airtel_money', 'Airtel Money', '+254733123456'],
      ]),
    },
  },
  PH: {
    PHP: {
      bank_account: bankSet(PH_BANKS, 10, 16, '001234567890'),
      mobile_wallet: walletSet('PH', [['gcash', 'GCash', '+639171234567']]),
      cash_pickup: cashPickupSet(
        'PH',
        [
          ['cebuana', 'Cebuana Lhuillier'],
          ['mlhuillier', 'M Lhuillier'],
          ['palawan', 'Palawan Express Pera Padala'],
        ],
        '+639171234567',
      ),
    },
  },
  BD: {
    BDT: {
      bank_account: {
        fields: () => [
          bankField(BD_BANKS),
          text('branch_routing_number', 'Branch routing number', {
            example: '090261725',
            regexp: '^[0-9]{9}$',
            min: 9,
            max: 9,
            invalid: 'Enter the 9-digit routing number of the branch, like 090261725.',
            identifying: false,
          }),
          accountNumber(10, 17, '1234567890123'),
        ],
        summary: (d, label) => masked(label('bank_code'), d.account_number),
      },
      mobile_wallet: walletSet('BD', [['bkash', 'bKash', '+8801712345678']]),
      cash_pickup: cashPickupSet(
        'BD',
        [
          ['brac', 'BRAC Bank branches'],
          ['ibbl', 'Islami Bank Bangladesh branches'],
        ],
        '+8801712345678',
      ),
    },
  },
  PK: {
    PKR: {
      bank_account: ibanSet('PK', 'PK36SCBL0000001123456702'),
      mobile_wallet: walletSet('PK', [
        ['jazzcash', 'JazzCash', '+923001234567'],
        ['easypaisa', 'Easypaisa', '+923451234567'],
      ]),
      cash_pickup: cashPickupSet(
        'PK',
        [
          ['hbl', 'HBL branches'],
          ['ubl', 'UBL branches'],
        ],
        '+923001234567',
      ),
    },
  },
  MX: {
    MXN: {
      bank_account: {
        fields: () => [
          text('clabe', 'CLABE', {
            example: '002010077777777771',
            regexp: '^[0-9]{18}$',
            min: 18,
            max: 18,
            invalid: 'Enter the 18-digit CLABE, like 002010077777777771.',
            normalise: (v) => (isValidClabe(v) ? v : null),
            rejected: 'This CLABE is not valid: check it for typos (its last digit is a check digit).',
          }),
        ],
        summary: (d) => masked('CLABE', d.clabe),
      },
      cash_pickup: cashPickupSet(
        'MX',
        [
          ['elektra', 'Elektra / Banco Azteca'],
          ['coppel', 'Coppel'],
          ['walmart', 'Walmart de México'],
        ],
        '+525512345678',
      ),
    },
  },
  IN: {
    INR: {
      bank_account: {
        fields: () => [
          text('ifsc', 'IFSC', {
            example: 'HDFC0000123',
            regexp: '^[A-Za-z]{4}0[A-Za-z0-9]{6}$',
            min: 11,
            max: 11,
            invalid: 'Enter the 11-character IFSC of the branch, like HDFC0000123.',
            normalise: (v) => normalIfsc(v),
          }),
          accountNumber(9, 18, '50100012345678'),
        ],
        summary: (d) => masked(d.ifsc?.slice(0, 4) ?? 'Account', d.account_number),
      },
    },
  },
  BR: { BRL: { bank_account: BR_SET } },
  TH: { THB: { bank_account: bankSet(TH_BANKS, 10, 12, '1234567890') } },
  KR: { KRW: { bank_account: bankSet(KR_BANKS, 10, 14, '12345678901234') } },
  VN: { VND: { bank_account: bankSet(VN_BANKS, 6, 19, '0123456789') } },
  NG: {
    NGN: {
      bank_account: {
        fields: () => [
          bankField(NG_BANKS),
          text('account_number', 'Account number (NUBAN)', {
            example: NG_EXAMPLE,
            regexp: '^[0-9]{10}$',
            min: 10,
            max: 10,
            invalid: `Enter the 10-digit account number (NUBAN), like ${NG_EXAMPLE}.`,
            normalise: (v, ctx) => (isValidNuban(ctx.details.bank_code ?? '', v) ? v : null),
            rejected: 'This account number does not belong to the bank chosen: check both.',
          }),
        ],
        summary: (d, label) => masked(label('bank_code'), d.account_number),
      },
    },
  },
  GH: {
    GHS: {
      bank_account: bankSet(GH_BANKS, 10, 16, '1234567890123'),
      mobile_wallet: walletSet('GH', [
        ['mtn', 'MTN MoMo', '+233241234567'],
        ['telecel', 'Telecel Cash', '+233201234567'],
        ['airteltigo', 'AT Money', '+233271234567'],
      ]),
    },
  },
  UG: {
    UGX: {
      bank_account: bankSet(UG_BANKS, 9, 14, '9030012345678'),
      mobile_wallet: walletSet('UG', [
        ['mtn', 'MTN Mobile Money', '+256772123456'],
        ['airtel_money', 'Airtel Money', '+256701234567'],
      ]),
    },
  },
  TZ: {
    TZS: {
      bank_account: bankSet(TZ_BANKS, 10, 16, '0150012345678'),
      mobile_wallet: walletSet('TZ', [
        ['mpesa', 'M-Pesa (Vodacom)', '+255754123456'],
        ['mixx', 'Mixx by Yas', '+255714123456'],
        ['airtel_money', 'Airtel Money', '+255684123456'],
        ['halopesa', 'HaloPesa', '+255621123456'],
      ]),
    },
  },
  US: { USD: { bank_account: US_SET } },
  CA: { CAD: { bank_account: CA_SET } },
  GB: { GBP: { bank_account: GB_SET } },
  ...Object.fromEntries(
    Object.entries(EURO_AREA).map(([country, [iban, bic]]) => [
      country,
      { EUR: { bank_account: ibanSet(country, iban, bic) } },
    ]),
  ),
};

// ---- lookups and checks ----

export type Lookup = { ok: true; set: RequirementSet } | { ok: false; errors: FieldErrors };

/** The requirement set of a destination, or the field that names what we do not pay out to. */
export function findRequirementSet(country: string, currency: string, method: RecipientPayoutMethod): Lookup {
  const fail = (field: string, message: string): Lookup => {
    const errors = emptyFieldErrors();
    errors[field] = [message];
    return { ok: false, errors };
  };
  const currencies = Object.hasOwn(CATALOG, country) ? CATALOG[country] : undefined;
  if (!currencies) return fail('country', 'We do not pay out to this country.');
  const methods = Object.hasOwn(currencies, currency) ? currencies[currency] : undefined;
  if (!methods) return fail('currency', `We do not pay out in ${currency} to ${countryName(country)}.`);
  const set = methods[method];
  if (!set)
    return fail('payout_method', `This payout method is not available for ${currency} to ${countryName(country)}.`);
  return { ok: true, set };
}

/** Own, trimmed string values only (a key named like an Object.prototype member is an ordinary key). */
function trimmed(details: Readonly<Details> | undefined): Details {
  const out = Object.create(null) as Details;
  for (const [k, v] of Object.entries(details ?? {})) if (typeof v === 'string') out[k] = v.normalize('NFC').trim();
  return out;
}

const toWire = ({
  invalid: _i,
  normalise: _n,
  rejected: _r,
  identifying: _d,
  ...field
}: DetailRule): RequirementField => field;

/** The requirements answer for a destination and the details chosen so far. */
export function requirementsOf(
  country: string,
  currency: string,
  method: RecipientPayoutMethod,
  set: RequirementSet,
  details?: Readonly<Details>,
): RecipientRequirements {
  return { country, currency, payout_method: method, fields: set.fields(trimmed(details)).map(toWire) };
}

const PROBLEM_MESSAGES: Record<RequirementProblem, (rule: DetailRule) => string> = {
  required: (rule) => `The ${rule.name} field is required.`,
  too_short: (rule) => rule.invalid,
  too_long: (rule) => rule.invalid,
  format: (rule) => rule.invalid,
  not_allowed: (rule) => rule.invalid,
};

export type DetailsCheck =
  | {
      ok: true;
      /** Only the fields of the schema, as stored. */
      details: Details;
      summary: string;
      /** The identifying details in schema order (for telling duplicates). */
      identity: [key: string, value: string][];
    }
  | { ok: false; errors: FieldErrors };

/**
 * Every detail by the rules the schema announces, then the deeper ones; errors under
 * `details.<key>`. Keys the schema does not have are left out of what is stored.
 */
export function checkDetails(country: string, set: RequirementSet, input: Readonly<Details>): DetailsCheck {
  const raw = trimmed(input);
  const fields = set.fields(raw);
  const errors = emptyFieldErrors();
  const details = Object.create(null) as Details;
  const ctx: RuleContext = { country, details: raw };
  for (const rule of fields) {
    const value = raw[rule.key] ?? '';
    const at = `details.${rule.key}`;
    const textIssue = value === '' ? null : textProblem(value, 'display');
    if (textIssue !== null) {
      errors[at] = [`The ${rule.name} field contains characters that are not allowed.`];
      continue;
    }
    const problem = requirementProblem(rule, value);
    if (problem !== null) {
      errors[at] = [PROBLEM_MESSAGES[problem](rule)];
      continue;
    }
    if (value === '') continue;
    const normal = rule.normalise(value, ctx);
    if (normal === null) {
      errors[at] = [rule.rejected ?? rule.invalid];
      continue;
    }
    details[rule.key] = normal;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const label = (key: string): string => {
    const rule = fields.find((f) => f.key === key);
    return rule?.values_allowed.find((v) => v.key === details[key])?.name ?? '';
  };
  return {
    ok: true,
    details,
    summary: set.summary(details, label),
    identity: fields.filter((f) => f.identifying && details[f.key] !== undefined).map((f) => [f.key, details[f.key]!]),
  };
}
