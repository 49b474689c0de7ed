import { randomUUID } from 'node:crypto';
import {
  authEndpoints,
  nestDotKeys,
  onboardingEndpoints as e,
  ValidationErrorBody,
  type Customer,
} from '@remit/contract';
import { describe, expect, it, vi } from 'vitest';
import { Client, useTestApp } from '../helpers.ts';

const ctx = useTestApp();

const GB = 826;
const ES = 724;
const US = 840;
const DE = 276;

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
  'address.line_2': 'Westminster',
  'address.city': 'London',
  'address.region': 'Greater London',
  'address.postcode': 'sw1a 2aa',
};
const EMPLOYMENT = {
  employment_status: 'employed',
  occupation: 'Engineer',
  employer_name: 'Analytical Engines Ltd',
  annual_income: '30k_60k',
};

async function signedUp(): Promise<{ c: Client; customer: Customer }> {
  const c = new Client(ctx.app);
  const customer = await c.signUp();
  return { c, customer };
}

async function ok(res: { statusCode: number; body: string; json(): unknown }): Promise<Customer> {
  expect(res.statusCode, res.body).toBe(200);
  return authEndpoints.getProfile.response.parse(res.json());
}

async function invalid(res: { statusCode: number; body: string; json(): unknown }) {
  expect(res.statusCode, res.body).toBe(422);
  return ValidationErrorBody.parse(res.json());
}

const setCountry = (c: Client, countryId: number) => c.post(e.updateCountry.path, { country_id: countryId });
const update = (c: Client, category: string, flat: Record<string, string>) =>
  c.post(`${e.updateAttributes.path}?category=${category}`, nestDotKeys(flat));

async function tasks(c: Client) {
  const res = await c.get(e.listTasks.path);
  expect(res.statusCode, res.body).toBe(200);
  return e.listTasks.response.parse(res.json()).tasks;
}

async function insertDocument(
  customerId: string,
  patch: Partial<{
    status_code: 'approved' | 'pending' | 'rejected';
    category: string;
    type: string;
    data: object;
    at: Date;
  }> = {},
) {
  const id = randomUUID();
  const at = patch.at ?? ctx.clock.now();
  await ctx.db
    .insertInto('documents')
    .values({
      id,
      customer_id: customerId,
      document_category_code: patch.category ?? 'proof_of_identity',
      document_type_code: patch.type ?? 'passport',
      status_code: patch.status_code ?? 'approved',
      status_title: patch.status_code ?? 'Approved',
      extracted_data: JSON.stringify(patch.data ?? {}),
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}

describe('onboarding: country and attributes', () => {
  it('requires a session', async () => {
    const c = new Client(ctx.app);
    await c.csrf();
    expect((await setCountry(c, GB)).statusCode).toBe(401);
    expect((await c.get(e.listTasks.path)).statusCode).toBe(401);
  });

  it('sets the country; the profile then lists that country’s attributes in order with null values', async () => {
    const { c } = await signedUp();
    const customer = await ok(await setCountry(c, GB));
    expect(customer.country?.iso2_alpha).toBe('GB');
    expect(customer.attributes.map((a) => a.attribute)).toEqual([
      'first_name',
      'middle_name',
      'last_name',
      'date_of_birth',
      'nationality',
      'national_id_number',
      'address.line_1',
      'address.line_2',
      'address.city',
      'address.region',
      'address.postcode',
      'employment_status',
      'occupation',
      'employer_name',
      'annual_income',
    ]);
    expect(customer.attributes.every((a) => a.value === null)).toBe(true);
    const ni = customer.attributes.find((a) => a.attribute === 'national_id_number')!;
    expect(ni).toMatchObject({
      category: 'identity',
      label: 'National Insurance number',
      mask: 'AA 99 99 99 A',
      is_required: true,
    });
    // The regex accepts what the mask shows while typing (the web checks the masked value).
    expect(ni.regular_expression).toBe('^[A-CEGHJ-PR-TW-Z]{2} ?\\d{2} ?\\d{2} ?\\d{2} ?[A-D]$');
    expect(new RegExp(ni.regular_expression!).test('AB 12 34 56 C')).toBe(true);

    // Free text has no options; a choice attribute lists its values with English labels, in order.
    expect(ni.options).toBeNull();
    expect(customer.attributes.find((a) => a.attribute === 'address.region')?.options).toBeNull();
    expect(customer.attributes.find((a) => a.attribute === 'employment_status')?.options).toEqual([
      { value: 'employed', label: 'Employed' },
      { value: 'self_employed', label: 'Self-employed' },
      { value: 'unemployed', label: 'Unemployed' },
      { value: 'student', label: 'Student' },
      { value: 'retired', label: 'Retired' },
    ]);

    const profile = await ok(await c.profile());
    expect(profile.attributes).toEqual(customer.attributes);
  });

  it('refuses an unknown country id on country_id', async () => {
    const { c } = await signedUp();
    const err = await invalid(await setCountry(c, 999));
    expect(err.errors).toEqual({ country_id: ['The selected country is invalid.'] });
  });

  it('asks for the country before any category', async () => {
    const { c } = await signedUp();
    const err = await invalid(await update(c, 'identity', GB_IDENTITY));
    expect(err.errors).toEqual({ country_id: ['Choose your country first.'] });
  });

  it('saves identity values, normalised, into attributes and the customer columns', async () => {
    const { c } = await signedUp();
    await ok(await setCountry(c, GB));
    const customer = await ok(await update(c, 'identity', { ...GB_IDENTITY, first_name: '  Ada  ' }));
    const value = (k: string) => customer.attributes.find((a) => a.attribute === k)?.value;
    expect(value('first_name')).toBe('Ada');
    expect(value('national_id_number')).toBe('AB123456C');
    expect(customer).toMatchObject({
      name: 'Ada',
      second_name: 'King',
      third_name: 'Lovelace',
      whole_name: 'Ada King Lovelace',
      unique_identity_number: 'AB123456C',
    });
    expect(customer.nationality?.iso2_alpha).toBe('GB');
    const rows = await ctx.db
      .selectFrom('customer_attributes')
      .selectAll()
      .where('customer_id', '=', customer.id)
      .execute();
    expect(rows).toHaveLength(6);
  });

  it('validates each value with its attribute’s own regular expression and message', async () => {
    const { c } = await signedUp();
    await ok(await setCountry(c, GB));
    const err = await invalid(
      await update(c, 'identity', { ...GB_IDENTITY, national_id_number: 'DA123456E', first_name: 'Ada1' }),
    );
    expect(err.errors).toEqual({
      first_name: ['The first name may only contain letters, spaces, apostrophes, dots and hyphens.'],
      national_id_number: ['Enter a valid National Insurance number, e.g. AB 12 34 56 C.'],
    });
    const postcode = await invalid(await update(c, 'address', { ...GB_ADDRESS, 'address.postcode': '12345' }));
    expect(postcode.errors).toEqual({ 'address.postcode': ['Enter a real UK postcode, e.g. SW1A 1AA.'] });
  });

  it('requires the required attributes of the category (missing or empty)', async () => {
    const { c } = await signedUp();
    await ok(await setCountry(c, GB));
    const err = await invalid(
      await update(c, 'identity', { ...GB_IDENTITY, first_name: '   ', last_name: undefined as never }),
    );
    expect(err.errors).toEqual({
      first_name: ['The First name field is required.'],
      last_name: ['The Last name field is required.'],
    });
    const employment = await invalid(await update(c, 'employment', {}));
    expect(Object.keys(employment.errors)).toEqual(['employment_status', 'occupation', 'annual_income']);
  });

  it('refuses keys the country does not define for that category', async () => {
    const { c } = await signedUp();
    await ok(await setCountry(c, GB));
    const err = await invalid(
      await update(c, 'identity', { ...GB_IDENTITY, favourite_colour: 'blue', 'address.city': 'Leeds' }),
    );
    expect(err.errors).toEqual({
      favourite_colour: ['This field is not allowed.'],
      'address.city': ['This field is not allowed.'],
    });
  });

  it('takes dotted keys as nested objects and answers them in the Address', async () => {
    const { c, customer: before } = await signedUp();
    await ok(await setCountry(c, GB));
    const res = await c.post(`${e.updateAttributes.path}?category=address`, {
      address: {
        line_1: '10 Downing Street',
        line_2: 'Westminster',
        city: 'London',
        region: 'Greater London',
        postcode: 'sw1a 2aa',
      },
    });
    const customer = await ok(res);
    expect(customer.id).toBe(before.id);
    expect(customer.address).toMatchObject({
      address_line_1: '10 Downing Street',
      address_line_2: 'Westminster',
      city: 'London',
      region: 'Greater London',
      postcode: 'SW1A 2AA',
    });
    expect(customer.attributes.find((a) => a.attribute === 'address.city')?.value).toBe('London');

    // an optional value sent empty is cleared; one not sent is kept
    const cleared = await ok(await update(c, 'address', { ...GB_ADDRESS, 'address.line_2': '' }));
    expect(cleared.address?.address_line_2).toBeNull();
    const { 'address.region': _region, ...withoutRegion } = GB_ADDRESS;
    const kept = await ok(await update(c, 'address', withoutRegion));
    expect(kept.address?.region).toBe('Greater London');
  });

  it('accepts a region from the fixed list only (US states)', async () => {
    const { c } = await signedUp();
    await ok(await setCountry(c, US));
    const address = {
      'address.line_1': '1600 Pennsylvania Ave NW',
      'address.city': 'Washington',
      'address.postcode': '20500',
    };
    const err = await invalid(await update(c, 'address', { ...address, 'address.region': 'Narnia' }));
    expect(err.errors).toEqual({ 'address.region': ['Choose a state from the list.'] });
    const customer = await ok(await update(c, 'address', { ...address, 'address.region': 'District of Columbia' }));
    expect(customer.address?.region).toBe('District of Columbia');
    const region = customer.attributes.find((a) => a.attribute === 'address.region')!;
    expect(region.options).toHaveLength(51);
    expect(region.options).toContainEqual({ value: 'District of Columbia', label: 'District of Columbia' });
  });

  it('saves the value of a choice, never its label (German Länder)', async () => {
    const { c } = await signedUp();
    await ok(await setCountry(c, DE));
    const address = { 'address.line_1': 'Marienplatz 1', 'address.city': 'München', 'address.postcode': '80331' };
    const err = await invalid(await update(c, 'address', { ...address, 'address.region': 'Bavaria' }));
    expect(err.errors).toEqual({ 'address.region': ['Choose a state (bundesland) from the list.'] });
    const customer = await ok(await update(c, 'address', { ...address, 'address.region': 'Bayern' }));
    expect(customer.address?.region).toBe('Bayern');
    const region = customer.attributes.find((a) => a.attribute === 'address.region')!;
    expect(region).toMatchObject({ value: 'Bayern', regular_expression: expect.stringContaining('|Bayern|') });
    expect(region.options).toContainEqual({ value: 'Bayern', label: 'Bavaria' });
    const employment = await invalid(await update(c, 'employment', { ...EMPLOYMENT, employment_status: 'Employed' }));
    expect(employment.errors).toEqual({ employment_status: ['Choose your employment status from the list.'] });
  });

  it('checks the date of birth is a real date and the customer an adult (18+)', async () => {
    const { c } = await signedUp();
    await ok(await setCountry(c, GB));
    // the test clock says 2030-01-01
    const notADate = await invalid(await update(c, 'identity', { ...GB_IDENTITY, date_of_birth: '31/02/1990' }));
    expect(notADate.errors).toEqual({ date_of_birth: ['Enter your date of birth as DD/MM/YYYY.'] });
    const minor = await invalid(await update(c, 'identity', { ...GB_IDENTITY, date_of_birth: '02/01/2012' }));
    expect(minor.errors).toEqual({ date_of_birth: ['You must be at least 18 years old.'] });
    const adult = await ok(await update(c, 'identity', { ...GB_IDENTITY, date_of_birth: '01/01/2012' }));
    expect(adult.attributes.find((a) => a.attribute === 'date_of_birth')?.value).toBe('01/01/2012');
  });

  it('needs a known nationality', async () => {
    const { c } = await signedUp();
    await ok(await setCountry(c, GB));
    const err = await invalid(await update(c, 'identity', { ...GB_IDENTITY, nationality: 'QQ' }));
    expect(err.errors).toEqual({ nationality: ['Choose a valid nationality.'] });
  });

  it('changing country keeps the values of attributes the new country also has and drops the others', async () => {
    const { c } = await signedUp();
    await ok(await setCountry(c, GB));
    await ok(await update(c, 'identity', GB_IDENTITY));
    await ok(await update(c, 'address', GB_ADDRESS));
    const spain = await ok(await setCountry(c, ES));
    const value = (k: string) => spain.attributes.find((a) => a.attribute === k)?.value ?? null;
    expect(spain.attributes.map((a) => a.attribute)).toContain('second_last_name');
    expect(value('first_name')).toBe('Ada');
    expect(value('last_name')).toBe('Lovelace');
    expect(value('national_id_number')).toBe('AB123456C');
    expect(spain.attributes.some((a) => a.attribute === 'middle_name')).toBe(false);
    expect(spain.second_name).toBeNull(); // middle_name is not a Spanish attribute
    expect(spain.whole_name).toBe('Ada Lovelace');
    expect(spain.address?.city).toBe('London');
    const rows = await ctx.db
      .selectFrom('customer_attributes')
      .select('attribute')
      .where('customer_id', '=', spain.id)
      .execute();
    expect(rows.map((r) => r.attribute)).not.toContain('middle_name');

    // the Spanish ID check applies from now on (DNI control letter)
    const badDni = await invalid(
      await update(c, 'identity', { ...GB_IDENTITY, middle_name: undefined as never, national_id_number: '12345678A' }),
    );
    expect(badDni.errors.national_id_number).toEqual(['Enter a valid DNI (12345678Z) or NIE (X1234567L).']);
    const { middle_name: _m, ...esIdentity } = GB_IDENTITY;
    const ok2 = await ok(
      await update(c, 'identity', { ...esIdentity, second_last_name: 'Byron', national_id_number: '12345678Z' }),
    );
    expect(ok2.third_name).toBe('Lovelace Byron');
  });
});

describe('onboarding: mobile number', () => {
  it('stores a valid mobile number of the chosen country in E.164', async () => {
    const { c } = await signedUp();
    const customer = await ok(
      await c.post(e.updateMobileNumber.path, { mobile_number_country_id: GB, mobile_number: '07400 123456' }),
    );
    expect(customer.account.mobile_number).toBe('+447400123456');
    expect(customer.account.mobile_number_country?.iso2_alpha).toBe('GB');
  });

  it('refuses a number that is not a mobile number of that country', async () => {
    const { c } = await signedUp();
    for (const mobile_number of ['12345', '020 7946 0000', '+1 212 555 0123']) {
      const err = await invalid(
        await c.post(e.updateMobileNumber.path, { mobile_number_country_id: GB, mobile_number }),
      );
      expect(err.errors).toEqual({ mobile_number: ['Enter a valid mobile number for United Kingdom.'] });
    }
    const err = await invalid(
      await c.post(e.updateMobileNumber.path, { mobile_number_country_id: 1, mobile_number: '07400 123456' }),
    );
    expect(Object.keys(err.errors)).toEqual(['mobile_number_country_id']);
  });
});

describe('onboarding: tasks', () => {
  it('lists the steps in order and completes them as the customer goes', async () => {
    const { c, customer } = await signedUp();
    const initial = await tasks(c);
    expect(initial.map((t) => t.code)).toEqual([
      'verify_email',
      'choose_country',
      'identity_information',
      'address_information',
      'employment_information',
      'mobile_number',
      'account_verification',
    ]);
    expect(initial.every((t) => t.status === 'pending')).toBe(true);
    expect(initial.map((t) => t.route)).toEqual([...Array(6).fill('onboardingWorkflow'), 'accountVerification']);
    expect(initial.every((t) => t.title && t.description)).toBe(true);

    const status = async () => Object.fromEntries((await tasks(c)).map((t) => [t.code, t.status]));
    await ok(await setCountry(c, GB));
    expect(await status()).toMatchObject({ choose_country: 'completed', identity_information: 'pending' });
    await ok(await update(c, 'identity', GB_IDENTITY));
    expect(await status()).toMatchObject({ identity_information: 'completed', address_information: 'pending' });
    await ok(await update(c, 'address', GB_ADDRESS));
    await ok(await update(c, 'employment', EMPLOYMENT));
    await ok(
      await c.post(e.updateMobileNumber.path, { mobile_number_country_id: GB, mobile_number: '+44 7400 123456' }),
    );
    expect(await status()).toMatchObject({
      address_information: 'completed',
      employment_information: 'completed',
      mobile_number: 'completed',
      account_verification: 'pending',
      verify_email: 'pending',
    });
    // Written behind the api's back, as a back office would: such writers must tell the session cache.
    await ctx.db
      .updateTable('accounts')
      .set({ email_verified_at: ctx.clock.now() })
      .where('customer_id', '=', customer.id)
      .execute();
    await insertDocument(customer.id, { status_code: 'pending' });
    await ctx.app.sessions.forgetCustomer(customer.id);
    expect(await status()).toMatchObject({ verify_email: 'completed', account_verification: 'pending' });
    await insertDocument(customer.id);
    await ctx.app.sessions.forgetCustomer(customer.id);
    // A GB resident also proves their address and passes the selfie check
    // (docs/product/account-verification.md#categories-and-types).
    expect(await status()).toMatchObject({ account_verification: 'pending' });
    await insertDocument(customer.id, { category: 'proof_of_address', type: 'utility_bill' });
    await insertDocument(customer.id, { category: 'selfie', type: 'selfie' });
    await ctx.app.sessions.forgetCustomer(customer.id);
    expect(Object.values(await status()).every((s) => s === 'completed')).toBe(true);
  });
});

describe('onboarding: apply info from proof of identity', () => {
  it('fills empty identity attributes from the newest approved document and checks the name', async () => {
    const { c, customer } = await signedUp();
    await ok(await setCountry(c, GB));
    await ok(
      await update(c, 'identity', {
        first_name: 'José',
        last_name: 'Núñez',
        date_of_birth: '01/02/1990',
        nationality: 'ES',
        national_id_number: 'AB123456C',
      }),
    );
    await insertDocument(customer.id, {
      data: { first_name: 'Somebody', last_name: 'Else' },
      at: new Date('2029-01-01T00:00:00Z'),
    });
    await insertDocument(customer.id, {
      data: {
        first_name: 'JOSE',
        last_name: 'nunez',
        middle_name: 'Maria',
        date_of_birth: '1990-02-01',
        document_number: '123456789',
      },
    });
    const filled = await ok(await c.post(e.applyInfoFromPoi.path, {}));
    const value = (k: string) => filled.attributes.find((a) => a.attribute === k)?.value;
    expect(value('first_name')).toBe('José'); // already set: kept
    expect(value('middle_name')).toBe('Maria'); // empty: filled
    expect(value('national_id_number')).toBe('AB123456C');
    expect(filled.second_name).toBe('Maria');
    expect(filled.poi_name_check).toBe(true);

    // an explicit document whose name differs
    const other = await insertDocument(customer.id, { data: { first_name: 'Somebody', last_name: 'Else' } });
    const mismatch = await ok(await c.post(e.applyInfoFromPoi.path, { document_id: other }));
    expect(mismatch.poi_name_check).toBe(false);
  });

  it('fills an empty profile, converting the ISO date', async () => {
    const { c, customer } = await signedUp();
    await ok(await setCountry(c, GB));
    await insertDocument(customer.id, {
      data: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        date_of_birth: '1985-12-10',
        nationality: 'GBR',
        document_number: 'AB123456C',
      },
    });
    const filled = await ok(await c.post(e.applyInfoFromPoi.path, {}));
    expect(filled).toMatchObject({
      name: 'Ada',
      third_name: 'Lovelace',
      unique_identity_number: 'AB123456C',
      poi_name_check: true,
    });
    expect(filled.attributes.find((a) => a.attribute === 'date_of_birth')?.value).toBe('10/12/1985');
    expect(filled.nationality?.iso2_alpha).toBe('GB');
  });

  it('answers 422 without an approved proof of identity', async () => {
    const { c, customer } = await signedUp();
    await ok(await setCountry(c, GB));
    await insertDocument(customer.id, { status_code: 'rejected' });
    await insertDocument(customer.id, { category: 'proof_of_address' });
    const err = await invalid(await c.post(e.applyInfoFromPoi.path, {}));
    expect(err.errors).toEqual({ document_id: ['No approved proof of identity document.'] });
  });

  it('answers 404 for another customer’s document (or an unknown id)', async () => {
    const a = await signedUp();
    const b = await signedUp();
    await ok(await setCountry(b.c, GB));
    const docOfA = await insertDocument(a.customer.id, { data: { first_name: 'Ada' } });
    expect((await b.c.post(e.applyInfoFromPoi.path, { document_id: docOfA })).statusCode).toBe(404);
    expect((await b.c.post(e.applyInfoFromPoi.path, { document_id: 'not-a-uuid' })).statusCode).toBe(404);
    expect((await b.c.post(e.applyInfoFromPoi.path, { document_id: randomUUID() })).statusCode).toBe(404);
  });
});

describe('onboarding: isolation and events', () => {
  it('a customer’s changes never touch another customer', async () => {
    const a = await signedUp();
    const b = await signedUp();
    await ok(await setCountry(a.c, GB));
    await ok(await update(a.c, 'identity', GB_IDENTITY));
    await ok(await update(a.c, 'address', GB_ADDRESS));
    const aBefore = await ok(await a.c.profile());

    await ok(await setCountry(b.c, US));
    await ok(
      await update(b.c, 'identity', {
        first_name: 'Grace',
        last_name: 'Hopper',
        date_of_birth: '09/12/1906',
        nationality: 'US',
        national_id_number: '123-45-6789',
      }),
    );
    await ok(
      await b.c.post(e.updateMobileNumber.path, { mobile_number_country_id: US, mobile_number: '201-555-0123' }),
    );

    const aAfter = await ok(await a.c.profile());
    expect({ ...aAfter, session: null }).toEqual({ ...aBefore, session: null });
    const bProfile = await ok(await b.c.profile());
    expect(bProfile.whole_name).toBe('Grace Hopper');
    expect(bProfile.address).toBeNull();
  });

  it('notifies ProfileUpdated and TasksChanged on every change, never on a refused one', async () => {
    const { c, customer } = await signedUp();
    const spy = vi.spyOn(ctx.app.customerEvents, 'notify');
    try {
      await ok(await setCountry(c, GB));
      await ok(await update(c, 'employment', EMPLOYMENT));
      await ok(await c.post(e.updateMobileNumber.path, { mobile_number_country_id: GB, mobile_number: '07400123456' }));
      await invalid(await update(c, 'employment', {}));
      const calls = spy.mock.calls.filter(([id]) => id === customer.id).map(([, event]) => event);
      expect(calls).toEqual([
        'ProfileUpdated',
        'TasksChanged',
        'ProfileUpdated',
        'TasksChanged',
        'ProfileUpdated',
        'TasksChanged',
      ]);
      expect(spy.mock.calls.every(([, , payload]) => JSON.stringify(payload) === '{}')).toBe(true);
    } finally {
      spy.mockRestore();
    }
  });

  it('leaves the browser tab that made the change out of ProfileUpdated (X-Socket-ID, as Echo sends it)', async () => {
    const { c, customer } = await signedUp();
    const spy = vi.spyOn(ctx.app.customerEvents, 'notify');
    try {
      await ok(await c.post(e.updateCountry.path, { country_id: GB }, { 'x-socket-id': '1234.5678' }));
      await ok(await c.post(e.updateCountry.path, { country_id: GB }, { 'x-socket-id': 'not a socket' }));
      const options = spy.mock.calls.filter(([id]) => id === customer.id).map(([, , , opts]) => opts);
      // ProfileUpdated skips the asking tab; TasksChanged reaches every tab (their to-do lists)
      expect(options).toEqual([{ socketId: '1234.5678' }, undefined, {}, undefined]);
    } finally {
      spy.mockRestore();
    }
  });
});
