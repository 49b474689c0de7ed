import { requirementProblem, type RecipientPayoutMethod } from '@remit/contract';
import fc from 'fast-check';
import { friendlyFormatIBAN } from 'ibantools';
import { describe, expect, it } from 'vitest';
import {
  abaRouting,
  bicOf,
  clabe,
  cpf,
  IBAN_COUNTRIES,
  ibanOf,
  ifsc,
  nubanFor,
  sortCode,
  substituteOne,
} from '../../../test/recipients/arbitraries.ts';
import {
  CATALOG,
  checkDetails,
  findRequirementSet,
  requirementsOf,
  type Details,
  type RequirementSet,
} from './requirements.ts';

const destinations = Object.entries(CATALOG).flatMap(([country, currencies]) =>
  Object.entries(currencies).flatMap(([currency, methods]) =>
    Object.entries(methods).map(([method, set]) => ({
      country,
      currency,
      method: method as RecipientPayoutMethod,
      set: set!,
    })),
  ),
);

function setOf(country: string, currency: string, method: RecipientPayoutMethod): RequirementSet {
  const found = findRequirementSet(country, currency, method);
  if (!found.ok) throw new Error(`no set for ${country} ${currency} ${method}`);
  return found.set;
}

/** The details a form would send from the examples (and the first choice of each select). */
function exampleDetails(set: RequirementSet, chosen: Details = {}): Details {
  const details: Details = { ...chosen };
  for (const f of set.fields(details)) details[f.key] ??= f.values_allowed[0]?.key ?? f.example!;
  return details;
}

describe('the catalog', () => {
  it('covers the destinations of docs/product/money-movement.md#corridors', () => {
    const has = (c: string, cur: string, m: RecipientPayoutMethod) => findRequirementSet(c, cur, m).ok;
    for (const m of ['bank_account', 'mobile_wallet'] as const) expect(has('KE', 'KES', m)).toBe(true);
    for (const c of [
      ['PH', 'PHP'],
      ['BD', 'BDT'],
      ['PK', 'PKR'],
    ] as const) {
      for (const m of ['bank_account', 'mobile_wallet', 'cash_pickup'] as const) expect(has(c[0], c[1], m)).toBe(true);
    }
    expect(has('MX', 'MXN', 'cash_pickup')).toBe(true);
    for (const [c, cur] of [
      ['MX', 'MXN'],
      ['IN', 'INR'],
      ['BR', 'BRL'],
      ['TH', 'THB'],
      ['KR', 'KRW'],
      ['VN', 'VND'],
      ['NG', 'NGN'],
      ['GH', 'GHS'],
      ['UG', 'UGX'],
      ['TZ', 'TZS'],
      ['US', 'USD'],
      ['CA', 'CAD'],
      ['GB', 'GBP'],
      ['DE', 'EUR'],
      ['FR', 'EUR'],
      ['IT', 'EUR'],
      ['ES', 'EUR'],
      ['NL', 'EUR'],
    ]) {
      expect(has(c!, cur!, 'bank_account'), `${c} ${cur}`).toBe(true);
    }
    for (const [c, cur] of [
      ['GH', 'GHS'],
      ['UG', 'UGX'],
      ['TZ', 'TZS'],
    ])
      expect(has(c!, cur!, 'mobile_wallet')).toBe(true);
  });

  it.each(destinations.map((d) => [`${d.country} ${d.currency} ${d.method}`, d] as const))(
    '%s: every example passes the announced rule and the server check, and what is stored passes again unchanged',
    (_name, { country, set }) => {
      const fields = set.fields({});
      for (const f of fields) {
        if (f.validation_regexp !== null) expect(() => new RegExp(f.validation_regexp!, 'u')).not.toThrow();
        if (f.values_allowed.length === 0) expect(requirementProblem(f, f.example ?? ''), f.key).toBeNull();
      }
      const first = checkDetails(country, set, exampleDetails(set));
      expect(first.ok, JSON.stringify(first)).toBe(true);
      if (!first.ok) return;
      expect(first.summary).toMatch(/\S/);
      const again = checkDetails(country, set, first.details);
      expect(again).toEqual(first);
    },
  );

  it('names what is not paid out: country, currency or payout method', () => {
    expect(findRequirementSet('ZZ', 'USD', 'bank_account')).toEqual({
      ok: false,
      errors: { country: ['We do not pay out to this country.'] },
    });
    expect(findRequirementSet('KE', 'USD', 'bank_account')).toMatchObject({
      ok: false,
      errors: { currency: [expect.stringContaining('USD')] },
    });
    expect(findRequirementSet('IN', 'INR', 'mobile_wallet')).toMatchObject({
      ok: false,
      errors: { payout_method: [expect.any(String)] },
    });
    expect(findRequirementSet('constructor', 'EUR', 'bank_account').ok).toBe(false);
  });
});

describe('refresh on change', () => {
  const keys = (country: string, currency: string, method: RecipientPayoutMethod, details?: Details) =>
    requirementsOf(country, currency, method, setOf(country, currency, method), details).fields.map((f) => f.key);

  it('UK: sort code and account number, or an IBAN', () => {
    expect(keys('GB', 'GBP', 'bank_account')).toEqual(['account_format', 'sort_code', 'account_number']);
    expect(keys('GB', 'GBP', 'bank_account', { account_format: 'iban' })).toEqual(['account_format', 'iban']);
  });

  it('US: the account type names the account number', () => {
    const set = setOf('US', 'USD', 'bank_account');
    const type = requirementsOf('US', 'USD', 'bank_account', set).fields[0]!;
    expect(type).toMatchObject({ key: 'account_type', type: 'radio', refresh_requirements_on_change: true });
    const savings = requirementsOf('US', 'USD', 'bank_account', set, { account_type: 'savings' });
    expect(savings.fields.find((f) => f.key === 'account_number')!.name).toBe('Savings account number');
  });

  it('Kenya: the wallet provider changes the number asked for', () => {
    const set = setOf('KE', 'KES', 'mobile_wallet');
    const airtel = requirementsOf('KE', 'KES', 'mobile_wallet', set, { provider: 'airtel_money' }).fields[1]!;
    expect(airtel).toMatchObject({ key: 'phone_number', name: 'Airtel Money number', example: '+254733123456' });
    const unknown = requirementsOf('KE', 'KES', 'mobile_wallet', set, { provider: 'nope' }).fields[1]!;
    expect(unknown.name).toBe('M-Pesa number');
  });

  it('Brazil: the PIX key type changes the key rule', () => {
    const set = setOf('BR', 'BRL', 'bank_account');
    const email = requirementsOf('BR', 'BRL', 'bank_account', set, { pix_key_type: 'email' }).fields[1]!;
    expect(email.name).toBe('PIX key (email)');
    const ok = checkDetails('BR', set, { pix_key_type: 'email', pix_key: 'Ana@Example.com', tax_id: '123.456.789-09' });
    expect(ok).toMatchObject({ ok: true, details: { pix_key: 'ana@example.com', tax_id: '12345678909' } });
  });
});

// ---- generated accounts: every valid one passes, every corrupted one fails with its field named ----

interface Case {
  name: string;
  country: string;
  currency: string;
  method: RecipientPayoutMethod;
  valid: fc.Arbitrary<Details>;
  /** Fields whose single-character substitution (same kind) a check digit catches. */
  checked: string[];
}

const EURO = IBAN_COUNTRIES.filter((c) => findRequirementSet(c, 'EUR', 'bank_account').ok);

const CASES: Case[] = [
  {
    name: 'euro area IBAN + BIC',
    country: '',
    currency: 'EUR',
    method: 'bank_account',
    valid: fc.constant({}),
    checked: ['iban'],
  },
  {
    name: 'Pakistan IBAN',
    country: 'PK',
    currency: 'PKR',
    method: 'bank_account',
    valid: fc
      .tuple(ibanOf('PK'), fc.boolean())
      .map(([iban, spaced]) => ({ iban: spaced ? friendlyFormatIBAN(iban)! : iban })),
    checked: ['iban'],
  },
  {
    name: 'UK IBAN',
    country: 'GB',
    currency: 'GBP',
    method: 'bank_account',
    valid: ibanOf('GB').map((iban) => ({ account_format: 'iban', iban })),
    checked: ['iban'],
  },
  {
    name: 'UK sort code',
    country: 'GB',
    currency: 'GBP',
    method: 'bank_account',
    valid: fc
      .tuple(sortCode, fc.stringMatching(/^[0-9]{8}$/))
      .map(([s, a]) => ({ account_format: 'sort_code', sort_code: s, account_number: a })),
    checked: [],
  },
  {
    name: 'Mexico CLABE',
    country: 'MX',
    currency: 'MXN',
    method: 'bank_account',
    valid: clabe.map((c) => ({ clabe: c })),
    checked: ['clabe'],
  },
  {
    name: 'US routing + account',
    country: 'US',
    currency: 'USD',
    method: 'bank_account',
    valid: fc
      .tuple(fc.constantFrom('checking', 'savings'), abaRouting, fc.stringMatching(/^[0-9]{4,17}$/))
      .map(([t, r, a]) => ({ account_type: t, routing_number: r, account_number: a })),
    checked: ['routing_number'],
  },
  {
    name: 'Nigeria NUBAN',
    country: 'NG',
    currency: 'NGN',
    method: 'bank_account',
    valid: fc
      .constantFrom('058', '044', '011', '033', '057', '214')
      .chain((bank) => nubanFor(bank).map((account) => ({ bank_code: bank, account_number: account }))),
    checked: ['account_number'],
  },
  {
    name: 'India IFSC + account',
    country: 'IN',
    currency: 'INR',
    method: 'bank_account',
    valid: fc.tuple(ifsc, fc.stringMatching(/^[0-9]{9,18}$/)).map(([i, a]) => ({ ifsc: i, account_number: a })),
    checked: [],
  },
  {
    name: 'Brazil PIX (CPF)',
    country: 'BR',
    currency: 'BRL',
    method: 'bank_account',
    valid: fc.tuple(cpf, cpf).map(([key, tax]) => ({ pix_key_type: 'cpf', pix_key: key, tax_id: tax })),
    checked: [],
  },
  {
    name: 'Canada institution + transit + account',
    country: 'CA',
    currency: 'CAD',
    method: 'bank_account',
    valid: fc
      .tuple(fc.stringMatching(/^[0-9]{3}$/), fc.stringMatching(/^[0-9]{5}$/), fc.stringMatching(/^[0-9]{7,12}$/))
      .map(([i, t, a]) => ({ institution_number: i, transit_number: t, account_number: a })),
    checked: [],
  },
  {
    name: 'Kenya M-Pesa / Airtel Money',
    country: 'KE',
    currency: 'KES',
    method: 'mobile_wallet',
    valid: fc
      .tuple(fc.constantFrom('mpesa', 'airtel_money'), fc.stringMatching(/^[0-9]{8}$/), fc.boolean())
      .map(([p, d, local]) => ({ provider: p, phone_number: local ? `07${d}` : `+2547${d}` })),
    checked: [],
  },
];

/** A case with its country (the euro case draws one). */
const drawn = (c: Case): fc.Arbitrary<{ country: string; details: Details }> =>
  c.country !== ''
    ? c.valid.map((details) => ({ country: c.country, details }))
    : fc
        .constantFrom(...EURO)
        .chain((country) =>
          fc.tuple(ibanOf(country), bicOf(country)).map(([iban, bic]) => ({ country, details: { iban, bic } })),
        );

describe('generated accounts', () => {
  it('has euro area countries to draw from', () => expect(EURO.length).toBeGreaterThanOrEqual(6));

  it.each(CASES.map((c) => [c.name, c] as const))('%s: every generated valid account passes', (_n, c) => {
    fc.assert(
      fc.property(drawn(c), ({ country, details }) => {
        const result = checkDetails(country, setOf(country, c.currency, c.method), details);
        expect(result.ok, JSON.stringify(result)).toBe(true);
      }),
    );
  });

  it.each(CASES.map((c) => [c.name, c] as const))(
    '%s: one character of a detail replaced by one no rule allows fails under details.<key>',
    (_n, c) => {
      fc.assert(
        fc.property(
          drawn(c).chain(({ country, details }) => {
            const set = setOf(country, c.currency, c.method);
            const typed = set.fields(details).filter((f) => f.values_allowed.length === 0 && details[f.key]);
            return fc
              .constantFrom(...typed.map((f) => f.key))
              .chain((key) => fc.nat({ max: details[key]!.length - 1 }).map((i) => ({ country, details, key, i })));
          }),
          ({ country, details, key, i }) => {
            const value = details[key]!;
            const corrupted = { ...details, [key]: `${value.slice(0, i)}#${value.slice(i + 1)}` };
            const result = checkDetails(country, setOf(country, c.currency, c.method), corrupted);
            expect(result.ok).toBe(false);
            if (!result.ok) expect(Object.keys(result.errors)).toEqual([`details.${key}`]);
          },
        ),
      );
    },
  );

  it.each(CASES.filter((c) => c.checked.length > 0).map((c) => [c.name, c] as const))(
    '%s: one character changed for another of its kind fails its check digit under details.<key>',
    (_n, c) => {
      fc.assert(
        fc.property(
          drawn(c).chain(({ country, details }) =>
            fc.constantFrom(...c.checked).chain((key) => {
              const compact = details[key]!.replace(/\s/g, '');
              return substituteOne(compact).map((corrupted) => ({ country, details, key, compact, corrupted }));
            }),
          ),
          ({ country, details, key, compact, corrupted }) => {
            fc.pre(corrupted !== compact);
            const result = checkDetails(country, setOf(country, c.currency, c.method), {
              ...details,
              [key]: corrupted,
            });
            expect(result.ok).toBe(false);
            if (!result.ok) expect(Object.keys(result.errors)).toEqual([`details.${key}`]);
          },
        ),
      );
    },
  );
});

describe('details', () => {
  it('refuses an IBAN of another country under details.iban, keeps only the schema keys', () => {
    const de = setOf('DE', 'EUR', 'bank_account');
    const fr = checkDetails('DE', de, { iban: 'FR1420041010050500013M02606', bic: 'DEUTDEFF' });
    expect(fr).toEqual({ ok: false, errors: { 'details.iban': [expect.stringContaining('starts with DE')] } });
    const ok = checkDetails('DE', de, {
      iban: 'de89 3704 0044 0532 0130 00',
      bic: 'deutdeff',
      extra: 'x',
      constructor: 'y',
    });
    expect(ok).toMatchObject({
      ok: true,
      details: { iban: 'DE89370400440532013000', bic: 'DEUTDEFF' },
      summary: 'IBAN ••• 3000',
    });
    if (ok.ok) expect(Object.keys(ok.details)).toEqual(['iban', 'bic']);
  });

  it('checks the NUBAN against the bank chosen', () => {
    const ng = setOf('NG', 'NGN', 'bank_account');
    const good = exampleDetails(ng);
    expect(checkDetails('NG', ng, good).ok).toBe(true);
    const other = { ...good, bank_code: '044' };
    expect(checkDetails('NG', ng, other)).toEqual({
      ok: false,
      errors: { 'details.account_number': [expect.stringContaining('bank')] },
    });
  });

  it('names every missing required detail and a choice not on the list', () => {
    const ke = setOf('KE', 'KES', 'mobile_wallet');
    expect(checkDetails('KE', ke, {})).toEqual({
      ok: false,
      errors: {
        'details.provider': ['The Wallet provider field is required.'],
        'details.phone_number': ['The M-Pesa number field is required.'],
      },
    });
    expect(checkDetails('KE', ke, { provider: 'paypal', phone_number: '+254712345678' })).toMatchObject({
      ok: false,
      errors: { 'details.provider': ['Choose a wallet provider from the list.'] },
    });
    expect(checkDetails('KE', ke, { provider: 'mpesa', phone_number: '+447400123456' })).toMatchObject({
      ok: false,
      errors: { 'details.phone_number': [expect.stringContaining('Kenya')] },
    });
    expect(checkDetails('KE', ke, { provider: 'mpesa', phone_number: '+254712\u202e345678' })).toMatchObject({
      ok: false,
      errors: { 'details.phone_number': [expect.any(String)] },
    });
  });

  it('summaries are masked', () => {
    const ke = setOf('KE', 'KES', 'mobile_wallet');
    expect(checkDetails('KE', ke, { provider: 'mpesa', phone_number: '0712 344 567' })).toMatchObject({
      summary: 'M-Pesa ••• 4567',
    });
    const ph = setOf('PH', 'PHP', 'cash_pickup');
    expect(checkDetails('PH', ph, exampleDetails(ph))).toMatchObject({ summary: 'Cash pickup · Cebuana Lhuillier' });
  });
});
