import { describe, expect, it } from 'vitest';
import { attributeSets } from '../../db/seeds/attributes/index.ts';
import { escapeRegex } from '../../db/seeds/attributes/types.ts';
import { attributeCatalog, type AttributeDefinition } from '../reference/attribute-catalog.ts';
import {
  addressColumns,
  attributeValueError,
  identityColumns,
  normaliseAttributeValue,
  type RuleContext,
} from './attribute-rules.ts';

const ctx = (countryIso2: string): RuleContext => ({
  countryIso2,
  now: new Date('2030-01-01T00:00:00Z'),
  isKnownIso2: (iso2) => ['GB', 'US', 'ES'].includes(iso2),
});

function check(iso2: string, attribute: string, raw: string): string | null {
  const def = attributeCatalog.forCountry(iso2).find((d) => d.attribute === attribute);
  if (!def) throw new Error(`${iso2} has no ${attribute}`);
  return attributeValueError(def, normaliseAttributeValue(attribute, raw), ctx(iso2));
}

describe('seeded attribute sets', () => {
  it('give every attribute a label, a compilable regex and a message, and every set the three categories', () => {
    expect(Object.keys(attributeSets).length).toBeGreaterThanOrEqual(11);
    for (const [scope, set] of Object.entries(attributeSets)) {
      expect(new Set(set.map((a) => a.attribute)).size, scope).toBe(set.length);
      expect(new Set(set.map((a) => a.category)), scope).toEqual(new Set(['identity', 'address', 'employment']));
      for (const a of set) {
        expect(a.label, `${scope} ${a.attribute}`).not.toBe('');
        expect(() => new RegExp(a.regular_expression ?? '')).not.toThrow();
        expect(a.expression_error_message, `${scope} ${a.attribute}`).toBeTruthy();
      }
    }
  });

  it('falls back to the default set for countries without their own', () => {
    expect(attributeCatalog.forCountry('KE').map((a) => a.attribute)).toEqual(
      attributeSets.default!.map((a) => a.attribute),
    );
    expect(attributeCatalog.forCountry(null)).toEqual([]);
  });
});

describe('choice attributes (docs/product/onboarding.md#attributes)', () => {
  const choices = Object.entries(attributeSets).flatMap(([scope, set]) =>
    set.flatMap((a) => (a.options === null ? [] : [{ scope, a, options: a.options }])),
  );

  it('are the region lists, employment status and income band of every set; every other attribute is free text', () => {
    for (const [scope, set] of Object.entries(attributeSets)) {
      const keys = set.filter((a) => a.options !== null).map((a) => a.attribute);
      const hasRegionList = !['default', 'GB'].includes(scope);
      expect(keys, scope).toEqual([...(hasRegionList ? ['address.region'] : []), 'employment_status', 'annual_income']);
    }
  });

  it('have distinct, non-empty values and English labels', () => {
    for (const { scope, a, options } of choices) {
      const where = `${scope} ${a.attribute}`;
      expect(options.length, where).toBeGreaterThan(1);
      expect(new Set(options.map((o) => o.value)).size, where).toBe(options.length);
      for (const o of options) {
        expect(o.value.trim(), where).toBe(o.value);
        expect(o.value, where).not.toBe('');
        expect(o.label.trim(), where).not.toBe('');
      }
    }
    const de = attributeSets.DE!.find((a) => a.attribute === 'address.region')!;
    expect(de.options).toContainEqual({ value: 'Bayern', label: 'Bavaria' });
  });

  it('have a regex that accepts exactly their option values, so the two cannot drift', () => {
    for (const { scope, a, options } of choices) {
      const where = `${scope} ${a.attribute}`;
      // The anchored alternation of exactly the escaped values: nothing else can match.
      expect(a.regular_expression, where).toBe(`^(${options.map((o) => escapeRegex(o.value)).join('|')})$`);
      const re = new RegExp(a.regular_expression!);
      for (const o of options) expect(re.test(o.value), `${where} ${o.value}`).toBe(true);
      const [first, second] = [options[0]!.value, options[1]!.value];
      for (const near of ['', `${first} `, `${first}${second}`, `${first}|${second}`, first.toUpperCase() + 'X'])
        expect(re.test(near), `${where} ${JSON.stringify(near)}`).toBe(false);
    }
  });

  it('are validated against the options, whatever the regex says', () => {
    const def: AttributeDefinition = {
      attribute: 'annual_income',
      category: 'employment',
      regular_expression: '^.*$',
      mask: null,
      expression_error_message: 'Choose from the list.',
      label: 'Annual income',
      info_text: null,
      is_required: true,
      options: [
        { value: 'low', label: 'Low' },
        { value: 'high', label: 'High' },
      ],
    };
    expect(attributeValueError(def, 'high', ctx('GB'))).toBeNull();
    expect(attributeValueError(def, 'High', ctx('GB'))).toBe('Choose from the list.');
    expect(attributeValueError(def, 'medium', ctx('GB'))).toBe('Choose from the list.');
    expect(attributeValueError({ ...def, regular_expression: '^$' }, 'low', ctx('GB'))).toBeNull();
  });

  it('refuse a label where the value is expected', () => {
    expect(check('DE', 'address.region', 'Bayern')).toBeNull();
    expect(check('DE', 'address.region', 'Bavaria')).toBe('Choose a state (bundesland) from the list.');
    expect(check('GB', 'employment_status', 'Self-employed')).toBe('Choose your employment status from the list.');
  });
});

describe('national id formats', () => {
  const cases: [iso2: string, valid: string[], invalid: string[]][] = [
    ['GB', ['AB 12 34 56 C', 'ab123456c'], ['DA123456C', 'AB123456E', 'AB12345C']],
    ['US', ['123-45-6789'], ['000-12-3456', '666-12-3456', '900-12-3456', '123-00-4567', '123456789']],
    ['NG', ['12345678901'], ['1234567890', '1234567890A']],
    ['IN', ['ABCPE1234F'], ['ABCDE1234F', 'ABCP1234F']],
    ['ES', ['12345678Z', 'X1234567L'], ['12345678A', 'A1234567L']],
    ['IT', ['RSSMRA85T10A562S'], ['RSSMRA85T10A562T', 'RSSMRA85Z10A562S']],
    ['FR', ['1 85 05 78 006 084 91'], ['185057800608492', '385057800608491']],
    ['DE', ['12345678901'], ['02345678901', '1234567890']],
    ['MX', ['GODE561231HDFRRN09'], ['GODE561331HDFRRN09', 'GODE561231HXXRRN09']],
    ['PH', ['1234-5678-9012-3456'], ['1234567890123456']],
  ];
  for (const [iso2, valid, invalid] of cases) {
    it(`${iso2}`, () => {
      for (const v of valid) expect(check(iso2, 'national_id_number', v), v).toBeNull();
      for (const v of invalid) expect(check(iso2, 'national_id_number', v), v).not.toBeNull();
    });
  }
});

describe('other rules', () => {
  it('postcodes per country', () => {
    expect(check('GB', 'address.postcode', 'sw1a 1aa')).toBeNull();
    expect(check('GB', 'address.postcode', 'M1 1AE')).toBeNull();
    expect(check('GB', 'address.postcode', '12345')).not.toBeNull();
    expect(check('US', 'address.postcode', '10001-1234')).toBeNull();
    expect(check('IN', 'address.postcode', '011000')).not.toBeNull();
    expect(check('ES', 'address.postcode', '53000')).not.toBeNull();
  });

  it('date of birth, nationality, employment lists', () => {
    expect(check('GB', 'date_of_birth', '31/12/2011')).toBeNull();
    expect(check('GB', 'date_of_birth', '02/01/2012')).toBe('You must be at least 18 years old.');
    expect(check('GB', 'date_of_birth', '30/02/1990')).toBe('Enter your date of birth as DD/MM/YYYY.');
    expect(check('GB', 'nationality', 'es')).toBeNull();
    expect(check('GB', 'nationality', 'XX')).toBe('Choose a valid nationality.');
    expect(check('GB', 'employment_status', 'self_employed')).toBeNull();
    expect(check('GB', 'employment_status', 'astronaut')).not.toBeNull();
    expect(check('GB', 'annual_income', 'over_100k')).toBeNull();
  });

  it('maps attribute values onto customer and address columns', () => {
    expect(
      identityColumns({
        first_name: 'Ana',
        last_name: 'García',
        second_last_name: 'López',
        national_id_number: '12345678Z',
        nationality: 'ES',
      }),
    ).toEqual({
      name: 'Ana',
      second_name: null,
      third_name: 'García López',
      unique_identity_number: '12345678Z',
      nationality_iso2: 'ES',
    });
    expect(addressColumns({ 'address.line_1': '1 High St', 'address.city': 'Leeds', 'address.postcode': '' })).toEqual({
      address_line_1: '1 High St',
      address_line_2: null,
      city: 'Leeds',
      postcode: null,
      region: null,
    });
  });
});

describe('names and text (docs/product/system.md#names-and-text)', () => {
  it('normalises every value to NFC before trimming', () => {
    expect(normaliseAttributeValue('first_name', ' Zoe\u0308 ')).toBe('Zo\u00eb');
    expect(normaliseAttributeValue('address.city', 'Mu\u0308nchen')).toBe('M\u00fcnchen');
  });

  it('refuses invisible characters and mixed alphabets in names only; controls and overrides everywhere', () => {
    expect(check('GB', 'first_name', 'Ann\u202Egpj.exe\u200B')).toMatch(/invisible characters/);
    expect(check('GB', 'last_name', 'Pаypal')).toMatch(/mixes letters of different alphabets/);
    expect(check('ES', 'second_last_name', 'Garc\u200Día')).toMatch(/invisible characters/);
    expect(check('GB', 'address.line_1', '10 Pаypal Street')).toBeNull();
    expect(check('GB', 'address.line_1', '10 Downing\u202E Street')).toMatch(/direction of the text/);
    expect(check('GB', 'occupation', 'Engi\tneer')).toMatch(/control characters/);
    for (const name of ['José', 'Nguyễn', "O'Brien", 'Anne-Marie', 'Дмитрий', 'Γιώργος'])
      expect(check('GB', 'first_name', name), name).toBeNull();
  });
});
