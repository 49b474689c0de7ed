import {
  accountNumber,
  bankField,
  bicField,
  choice,
  chosen,
  cpfField,
  ibanField,
  masked,
  mobileNumber,
  PHONE_REGEXP,
  text,
  type Choice,
  type DetailRule,
  type RequirementSet,
} from './requirement-fields.ts';
import {
  isValidAbaRouting,
  isValidClabe,
  isValidNuban,
  normalEmail,
  normalEvp,
  normalIfsc,
  normalMobileNumber,
  normalSortCode,
  nubanCheckDigit,
} from './checks.ts';

/**
 * How an account is named in each payout scheme (docs/product/money-movement.md#recipients): the
 * catalog (requirements-catalog.ts) says which scheme a destination uses, with its figures (banks,
 * lengths, examples); this file turns that data into the requirement set the validator runs.
 */

/** An account number of `min` to `max` digits, and the example shown. */
export interface Digits {
  readonly min: number;
  readonly max: number;
  readonly example: string;
}

/** A wallet provider: its key, its name and an example number. */
export type Provider = readonly [key: string, name: string, example: string];

export type Scheme =
  /** A bank chosen from a list, (Bangladesh) the branch's routing number, and an account number. */
  | { scheme: 'bank_list'; banks: readonly Choice[]; account: Digits; branchRoutingExample?: string }
  /** Nigeria: a bank and its 10-digit NUBAN, whose check digit depends on the bank. */
  | { scheme: 'nuban'; banks: readonly Choice[] }
  /** An IBAN of the destination, with (euro area) the bank's BIC. */
  | { scheme: 'iban'; iban: string; bic?: string }
  /** Wallets: the provider (choosing one refreshes the example) and the wallet's mobile number. */
  | { scheme: 'wallet'; providers: readonly Provider[] }
  /** Cash pickup: where the recipient collects it and their mobile number (the collection code goes there). */
  | { scheme: 'cash_pickup'; partners: readonly Choice[]; mobileExample: string }
  /** Mexico: the 18-digit CLABE. */
  | { scheme: 'clabe'; example: string }
  /** India: the branch's IFSC and an account number. */
  | { scheme: 'ifsc'; example: string; account: Digits }
  /** United States: checking or savings, ABA routing number, account number. */
  | { scheme: 'aba'; accountTypes: readonly Choice[]; routingExample: string; account: Digits }
  /** Canada: institution, transit (branch) and account number. */
  | { scheme: 'canada'; institutionExample: string; transitExample: string; account: Digits }
  /** United Kingdom: sort code and account number, or an IBAN. */
  | { scheme: 'uk'; sortCodeExample: string; account: Digits; iban: string }
  /** Brazil: a PIX key of one of four kinds, and the recipient's CPF. */
  | { scheme: 'pix' };

const account = (a: Digits, name?: string): DetailRule => accountNumber(a.min, a.max, a.example, name);

/** The requirement set of a destination `country` paid out through `s`. */
export function requirementSet(country: string, s: Scheme): RequirementSet {
  switch (s.scheme) {
    case 'bank_list':
      return {
        fields: () => [
          bankField(s.banks),
          ...(s.branchRoutingExample !== undefined ? [branchRoutingNumber(s.branchRoutingExample)] : []),
          account(s.account),
        ],
        summary: (d, label) => masked(label('bank_code'), d.account_number),
      };
    case 'nuban':
      return nubanSet(s.banks);
    case 'iban':
      return {
        fields: () =>
          s.bic !== undefined ? [ibanField(country, s.iban), bicField(s.bic)] : [ibanField(country, s.iban)],
        summary: (d) => masked('IBAN', d.iban),
      };
    case 'wallet':
      return walletSet(country, s.providers);
    case 'cash_pickup':
      return {
        fields: () => [
          choice('pickup_partner', 'Pickup location', s.partners, { identifying: false }),
          mobileNumber(country, s.mobileExample, "Recipient's mobile number"),
        ],
        summary: (d, label) => `Cash pickup · ${label('pickup_partner')}`,
      };
    case 'clabe':
      return {
        fields: () => [
          text('clabe', 'CLABE', {
            example: s.example,
            regexp: '^[0-9]{18}$',
            min: 18,
            max: 18,
            invalid: `Enter the 18-digit CLABE, like ${s.example}.`,
            normalise: (v) => (isValidClabe(v) ? v : null),
            rejected: 'This CLABE is not valid: check it for typos (its last digit is a check digit).',
            secret: true,
          }),
        ],
        summary: (d) => masked('CLABE', d.clabe),
      };
    case 'ifsc':
      return {
        fields: () => [
          text('ifsc', 'IFSC', {
            example: s.example,
            regexp: '^[A-Za-z]{4}0[A-Za-z0-9]{6}$',
            min: 11,
            max: 11,
            invalid: `Enter the 11-character IFSC of the branch, like ${s.example}.`,
            normalise: (v) => normalIfsc(v),
          }),
          account(s.account),
        ],
        summary: (d) => masked(d.ifsc?.slice(0, 4) ?? 'Account', d.account_number),
      };
    case 'aba':
      return abaSet(s.accountTypes, s.routingExample, s.account);
    case 'canada':
      return {
        fields: () => [
          fixedDigits('institution_number', 'Institution number', 'institution number', s.institutionExample),
          fixedDigits('transit_number', 'Transit number', 'transit (branch) number', s.transitExample),
          account(s.account),
        ],
        summary: (d) => masked('Account', d.account_number),
      };
    case 'uk':
      return ukSet(s.sortCodeExample, s.account, s.iban);
    case 'pix':
      return PIX_SET;
  }
}

/** A number of exactly as many digits as its example (`what` names it in the message). */
function fixedDigits(key: string, name: string, what: string, example: string): DetailRule {
  const n = example.length;
  return text(key, name, {
    example,
    regexp: `^[0-9]{${n}}$`,
    min: n,
    max: n,
    invalid: `Enter the ${n}-digit ${what}, like ${example}.`,
  });
}

/** Bangladesh: the 9-digit routing number names bank and branch (not part of the account's identity). */
const branchRoutingNumber = (example: string): DetailRule => ({
  ...fixedDigits('branch_routing_number', 'Branch routing number', 'routing number of the branch', example),
  identifying: false,
});

function nubanSet(banks: readonly Choice[]): RequirementSet {
  // An account of the first bank (the one the form shows first), with its check digit.
  const example = `012345678${nubanCheckDigit(banks[0]![0], '012345678')}`;
  return {
    fields: () => [
      bankField(banks),
      text('account_number', 'Account number (NUBAN)', {
        example,
        regexp: '^[0-9]{10}$',
        min: 10,
        max: 10,
        invalid: `Enter the 10-digit account number (NUBAN), like ${example}.`,
        normalise: (v, ctx) => (isValidNuban(ctx.details.bank_code ?? '', v) ? v : null),
        rejected: 'This account number does not belong to the bank chosen: check both.',
        secret: true,
      }),
    ],
    summary: (d, label) => masked(label('bank_code'), d.account_number),
  };
}

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

/** The account type names the account number ("Savings account number"). */
function abaSet(accountTypes: readonly Choice[], routingExample: string, digits: Digits): RequirementSet {
  return {
    fields(details) {
      const [, typeName] = chosen(details, 'account_type', accountTypes);
      return [
        choice('account_type', 'Account type', accountTypes, { type: 'radio', refresh: true, identifying: false }),
        text('routing_number', 'Routing number (ABA)', {
          example: routingExample,
          regexp: '^[0-9]{9}$',
          min: 9,
          max: 9,
          invalid: `Enter the 9-digit routing number (ABA), like ${routingExample}.`,
          normalise: (v) => (isValidAbaRouting(v) ? v : null),
          rejected: 'This routing number is not valid: check it for typos.',
        }),
        account(digits, `${typeName} account number`),
      ];
    },
    summary: (d, label) => masked(label('account_type'), d.account_number),
  };
}

const UK_FORMATS: Choice[] = [
  ['sort_code', 'Sort code and account number'],
  ['iban', 'IBAN'],
];

function ukSet(sortCodeExample: string, digits: Digits, iban: string): RequirementSet {
  return {
    fields(details) {
      const [format] = chosen(details, 'account_format', UK_FORMATS);
      const formatField = choice('account_format', 'Account details', UK_FORMATS, {
        type: 'radio',
        refresh: true,
        identifying: false,
      });
      if (format === 'iban') return [formatField, ibanField('GB', iban)];
      return [
        formatField,
        text('sort_code', 'Sort code', {
          example: sortCodeExample,
          regexp: '^[0-9]{2}[- ]?[0-9]{2}[- ]?[0-9]{2}$',
          min: 6,
          max: 8,
          invalid: `Enter the 6-digit sort code, like ${sortCodeExample}.`,
          normalise: (v) => normalSortCode(v),
        }),
        account(digits),
      ];
    },
    summary: (d) => masked(d.iban !== undefined ? 'IBAN' : 'Account', d.iban ?? d.account_number),
  };
}

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
        secret: true,
      });
    case 'phone':
      return text('pix_key', 'PIX key (mobile number)', {
        example: '+5511987654321',
        regexp: PHONE_REGEXP,
        min: 7,
        max: 20,
        invalid: 'Enter the Brazilian mobile number registered as the PIX key, like +5511987654321.',
        normalise: (v) => normalMobileNumber(v, 'BR'),
        secret: true,
      });
    case 'random':
      return text('pix_key', 'PIX key (random key)', {
        example: '123e4567-e89b-42d3-a456-426614174000',
        regexp: '^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$',
        min: 36,
        max: 36,
        invalid: 'Enter the random PIX key: 32 letters and digits in five groups separated by hyphens.',
        normalise: (v) => normalEvp(v),
        secret: true,
      });
    default:
      return cpfField('pix_key', 'PIX key (CPF)');
  }
}

const PIX_SET: RequirementSet = {
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
