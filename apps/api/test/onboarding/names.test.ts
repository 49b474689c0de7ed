import {
  authEndpoints,
  nestDotKeys,
  onboardingEndpoints as e,
  ValidationErrorBody,
  type Customer,
} from '@remit/contract';
import { describe, expect, it } from 'vitest';
import { Client, useTestApp } from '../helpers.ts';

/**
 * Names and text values (docs/product/system.md#names-and-text): normalised to NFC; no control
 * characters; names without invisible or text-direction characters and without words mixing
 * Latin, Cyrillic or Greek letters.
 */

const ctx = useTestApp();

const GB = 826;
const GB_IDENTITY = {
  first_name: 'Ada',
  middle_name: 'King',
  last_name: 'Lovelace',
  date_of_birth: '10/12/1985',
  nationality: 'GB',
  national_id_number: 'AB 12 34 56 C',
};
const GB_ADDRESS = {
  'address.line_1': '10 Downing Street',
  'address.city': 'London',
  'address.postcode': 'SW1A 2AA',
};

const INVISIBLE_MESSAGE = (label: string) =>
  `The ${label} field must not contain invisible characters (zero-width or text-direction characters).`;
const MIXED_MESSAGE = (label: string) =>
  `The ${label} field mixes letters of different alphabets in one word (such as Latin and Cyrillic); type each word in one alphabet.`;
const CONTROL_MESSAGE = (label: string) =>
  `The ${label} field must not contain control characters (line breaks, tabs, NUL and the like).`;

async function customerInGb(): Promise<Client> {
  const c = new Client(ctx.app);
  await c.signUp();
  const res = await c.post(e.updateCountry.path, { country_id: GB });
  expect(res.statusCode, res.body).toBe(200);
  return c;
}

const update = (c: Client, category: string, flat: Record<string, string>) =>
  c.post(`${e.updateAttributes.path}?category=${category}`, nestDotKeys(flat));

function ok(res: { statusCode: number; body: string; json(): unknown }): Customer {
  expect(res.statusCode, res.body).toBe(200);
  return authEndpoints.getProfile.response.parse(res.json());
}

function invalid(res: { statusCode: number; body: string; json(): unknown }) {
  expect(res.statusCode, res.body).toBe(422);
  return ValidationErrorBody.parse(res.json());
}

const value = (customer: Customer, attribute: string) =>
  customer.attributes.find((a) => a.attribute === attribute)?.value;

describe('names refuse invisible and text-direction characters', () => {
  it('refuses "Ann\\u202Egpj.exe\\u200B" (a right-to-left override and a zero-width space) naming the field', async () => {
    const c = await customerInGb();
    const err = invalid(await update(c, 'identity', { ...GB_IDENTITY, first_name: 'Ann\u202Egpj.exe\u200B' }));
    expect(err.errors).toEqual({ first_name: [INVISIBLE_MESSAGE('First name')] });
    const rows = await ctx.db.selectFrom('customer_attributes').select('value').execute();
    expect(rows).toEqual([]);
  });

  it('refuses every bidirectional control and zero-width character, in any name field', async () => {
    const c = await customerInGb();
    const characters = [
      ...'\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061C',
      ...'\u200B\u200C\u200D\u2060\uFEFF',
    ];
    for (const ch of characters) {
      const code = `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
      const err = invalid(
        await update(c, 'identity', { ...GB_IDENTITY, middle_name: `Ki${ch}ng`, last_name: `Love${ch}lace` }),
      );
      expect(err.errors, code).toEqual({
        middle_name: [INVISIBLE_MESSAGE('Middle name')],
        last_name: [INVISIBLE_MESSAGE('Last name')],
      });
    }
  });

  it('refuses a word mixing Latin with Cyrillic or Greek look-alikes', async () => {
    const c = await customerInGb();
    for (const name of ['Pаypal' /* Cyrillic а */, 'Jоhn' /* Cyrillic о */, 'Alεx' /* Greek ε */, 'Ann Smіth']) {
      const err = invalid(await update(c, 'identity', { ...GB_IDENTITY, first_name: name }));
      expect(err.errors, name).toEqual({ first_name: [MIXED_MESSAGE('First name')] });
    }
  });

  it('still accepts real names: accents, Vietnamese, apostrophes, hyphens, Cyrillic-only, Greek-only', async () => {
    const c = await customerInGb();
    for (const [first, last] of [
      ['José', 'Nguyễn'],
      ['Anne-Marie', "O'Brien"],
      ['Дмитрий', 'Шостакович'],
      ['Γιώργος', 'Παπαδόπουλος'],
      ['Jean Пьер', 'Zoë'], // each word in one alphabet
      ['Siobhán', 'Ní Bhriain'],
    ] as const) {
      const customer = ok(await update(c, 'identity', { ...GB_IDENTITY, first_name: first, last_name: last }));
      expect(value(customer, 'first_name')).toBe(first);
      expect(customer.third_name).toBe(last);
    }
  });

  it('stores a name sent decomposed ("Zoë" as e + combining diaeresis) composed (NFC)', async () => {
    const c = await customerInGb();
    const decomposed = 'Zoe\u0308';
    expect(decomposed).not.toBe('Zoë');
    const customer = ok(
      await update(c, 'identity', { ...GB_IDENTITY, first_name: decomposed, last_name: 'Bru\u0308ck' }),
    );
    expect(value(customer, 'first_name')).toBe('Zo\u00eb');
    expect(customer.name).toBe('Zo\u00eb');
    expect(customer.third_name).toBe('Br\u00fcck');
    const row = await ctx.db
      .selectFrom('customer_attributes')
      .select('value')
      .where('attribute', '=', 'first_name')
      .executeTakeFirstOrThrow();
    expect(row.value).toBe('Zo\u00eb');
  });
});

describe('text values refuse control characters (422 on the field, never a 500)', () => {
  it('a NUL in a name or an address line', async () => {
    const c = await customerInGb();
    const name = invalid(await update(c, 'identity', { ...GB_IDENTITY, first_name: 'An\u0000n' }));
    expect(Object.keys(name.errors)).toEqual(['first_name']);
    const address = invalid(await update(c, 'address', { ...GB_ADDRESS, 'address.line_1': '10 Downing\u0000 Street' }));
    expect(Object.keys(address.errors)).toEqual(['address.line_1']);
  });

  it('other control characters, and line breaks or tabs in single-line text', async () => {
    const c = await customerInGb();
    for (const ch of ['\u0001', '\u0007', '\u001b', '\u007f', '\u0085', '\u009b']) {
      const err = invalid(await update(c, 'identity', { ...GB_IDENTITY, first_name: `An${ch}n` }));
      expect(err.errors, JSON.stringify(ch)).toHaveProperty('first_name');
    }
    for (const ch of ['\n', '\r', '\t']) {
      const err = invalid(await update(c, 'identity', { ...GB_IDENTITY, last_name: `Love${ch}lace` }));
      expect(err.errors, JSON.stringify(ch)).toEqual({ last_name: [CONTROL_MESSAGE('Last name')] });
      const employment = invalid(
        await update(c, 'employment', {
          employment_status: 'employed',
          occupation: `Engi${ch}neer`,
          annual_income: '30k_60k',
        }),
      );
      expect(employment.errors, JSON.stringify(ch)).toEqual({ occupation: [CONTROL_MESSAGE('Occupation')] });
    }
  });

  it('refuses a text-direction override in an address; marks used in right-to-left text are kept', async () => {
    const c = await customerInGb();
    const err = invalid(await update(c, 'address', { ...GB_ADDRESS, 'address.line_1': '10 \u202eteertS gninwoD' }));
    expect(err.errors).toEqual({
      'address.line_1': ['The Address line 1 field must not contain characters that change the direction of the text.'],
    });
    const customer = ok(await update(c, 'address', { ...GB_ADDRESS, 'address.line_1': 'شارع الملك 10\u200f' }));
    expect(customer.address?.address_line_1).toBe('شارع الملك 10\u200f');
  });
});
