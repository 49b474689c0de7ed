import {
  authEndpoints,
  devicesEndpoints,
  MessageBody,
  onboardingEndpoints as e,
  securityEndpoints,
  ValidationErrorBody,
} from '@remit/contract';
import { describe, expect, it } from 'vitest';
import { MAX_INPUT_DEPTH } from '../../src/lib/input-guard.ts';
import { Client, STRONG_PASSWORD, uniqueEmail, useTestApp } from '../helpers.ts';

/**
 * The reproductions of issue 11 "500 on odd input" (docs/product/system.md#odd-input): each
 * answered 500 before; now a 4xx with a message.
 */

const ctx = useTestApp();

const GB = 826;
const identity = `${e.updateAttributes.path}?category=identity`;
const GB_IDENTITY = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  date_of_birth: '10/12/1985',
  nationality: 'GB',
  national_id_number: 'AB 12 34 56 C',
};

async function customerInGb(): Promise<Client> {
  const c = new Client(ctx.app);
  await c.signUp();
  const res = await c.post(e.updateCountry.path, { country_id: GB });
  expect(res.statusCode, res.body).toBe(200);
  return c;
}

function invalid(res: { statusCode: number; body: string; json(): unknown }) {
  expect(res.statusCode, res.body).toBe(422);
  return ValidationErrorBody.parse(res.json());
}

/** JSON text nested `depth` levels deep (built as text: JSON.stringify itself would recurse). */
const nested = (depth: number, open = '{"a":', close = '}') => open.repeat(depth) + '"x"' + close.repeat(depth);

describe('keys named after Object.prototype members', () => {
  it('POST /client/v1/update?category=identity with {"constructor":"x"}, toString, hasOwnProperty…: 422, not 500', async () => {
    const c = await customerInGb();
    for (const key of ['constructor', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', '__defineGetter__']) {
      const err = invalid(await c.post(identity, { [key]: 'x' }));
      expect(err.errors[key], key).toEqual(['This field is not allowed.']);
      expect(err.errors).toHaveProperty('first_name'); // and the required fields are still asked for
    }
  });

  it('the same keys nested (address.constructor) and with a wrong type (zod issue on "constructor")', async () => {
    const c = await customerInGb();
    const nestedKey = invalid(
      await c.post(`${e.updateAttributes.path}?category=address`, { address: { toString: 'x' } }),
    );
    expect(nestedKey.errors['address.toString']).toEqual(['This field is not allowed.']);
    const wrongType = invalid(await c.post(identity, { constructor: 5, toString: ['x'] }));
    expect(Object.keys(wrongType.errors).sort()).toEqual(['constructor', 'toString']);
  });

  it('__proto__ as a key is refused (400), and nothing reaches Object.prototype', async () => {
    const c = await customerInGb();
    const res = await c.request('POST', identity, '{"__proto__":{"polluted":"yes"}}', {
      'content-type': 'application/json',
    });
    expect(res.statusCode).toBe(400);
    expect(MessageBody.parse(res.json()).message).toBeTruthy();
    const dotted = invalid(await c.post(identity, { '__proto__.polluted': 'yes', 'constructor.prototype': 'yes' }));
    expect(dotted.errors['__proto__.polluted']).toEqual(['This field is not allowed.']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('deeply nested bodies', () => {
  it('a body nested 1,500 levels: 400 with a message, on every route', async () => {
    const c = await customerInGb();
    for (const [method, url] of [
      ['POST', identity],
      ['POST', authEndpoints.signIn.path],
      ['POST', authEndpoints.signOut.path], // no body schema
      ['POST', securityEndpoints.changePassword.path],
      ['POST', '/client/v1/no-such-route'],
    ] as const) {
      for (const body of [nested(1_500), nested(1_500, '[', ']'), nested(100_000, '[', ']')]) {
        const res = await c.request(method, url, body, { 'content-type': 'application/json' });
        expect(res.statusCode, `${url} ${res.body}`).toBe(400);
        expect(MessageBody.parse(res.json()).message).toBe(
          `The request body is nested too deeply (at most ${MAX_INPUT_DEPTH} levels).`,
        );
      }
    }
    expect((await c.profile()).statusCode).toBe(200);
  });

  it(`up to ${MAX_INPUT_DEPTH} levels is an ordinary body (422 on its fields, not 400)`, async () => {
    const c = await customerInGb();
    const res = await c.request('POST', identity, nested(MAX_INPUT_DEPTH), { 'content-type': 'application/json' });
    expect(res.statusCode, res.body).toBe(422);
    const deeper = await c.request('POST', identity, nested(MAX_INPUT_DEPTH + 1), {
      'content-type': 'application/json',
    });
    expect(deeper.statusCode).toBe(400);
  });
});

describe('NUL and other control characters anywhere a request is read', () => {
  it('a NUL in a name or an address (an otherwise valid body): 422 on the field', async () => {
    const c = await customerInGb();
    const name = invalid(await c.post(identity, { ...GB_IDENTITY, first_name: 'Ann\u0000' }));
    expect(name.errors).toEqual({ first_name: ['The first name field must not contain control characters.'] });
    const address = invalid(
      await c.post(`${e.updateAttributes.path}?category=address`, {
        address: { line_1: '10 Downing St\u0000', city: 'London', postcode: 'SW1A 2AA' },
      }),
    );
    expect(address.errors).toEqual({ 'address.line_1': ['The line 1 field must not contain control characters.'] });
    expect(await ctx.db.selectFrom('customer_attributes').select('value').execute()).toEqual([]);
  });

  it('sign-up and sign-in: a NUL in the email or the password is a 422, not a 500', async () => {
    const c = new Client(ctx.app);
    await c.csrf();
    const email = uniqueEmail();
    const signUp = invalid(
      await c.post(authEndpoints.signUp.path, {
        email,
        password: `${STRONG_PASSWORD}\u0000`,
        confirm_password: `${STRONG_PASSWORD}\u0000`,
      }),
    );
    expect(Object.keys(signUp.errors)).toContain('password');
    const badEmail = invalid(
      await c.post(authEndpoints.signUp.path, {
        email: `a\u0000${email}`,
        password: STRONG_PASSWORD,
        confirm_password: STRONG_PASSWORD,
      }),
    );
    expect(Object.keys(badEmail.errors)).toEqual(['email']);
    const signIn = invalid(await c.post(authEndpoints.signIn.path, { email: `${email}\u0000`, password: 'x' }));
    expect(Object.keys(signIn.errors)).toEqual(['email']);
    const password = invalid(await c.post(authEndpoints.signIn.path, { email, password: `x\u0000` }));
    expect(Object.keys(password.errors)).toEqual(['password']);
    const forgot = invalid(await c.post(securityEndpoints.forgotPassword.path, { email: `\u0000${email}` }));
    expect(Object.keys(forgot.errors)).toEqual(['email']);
  });

  it('form-encoded bodies, query strings and path parameters are read the same way', async () => {
    const c = await customerInGb();
    const form = await c.request('POST', authEndpoints.signIn.path, 'email=a%00b%40example.com&password=x', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(invalid(form).errors).toHaveProperty('email');
    const query = invalid(await c.post(`${e.updateAttributes.path}?category=identity%00`, { first_name: 'Ann' }));
    expect(Object.keys(query.errors)).toEqual(['category']);
    const path = await c.request('DELETE', devicesEndpoints.revokeDevice.path.replace(':id', '%00'));
    expect(path.statusCode).toBeLessThan(500);
  });

  it('other C0 controls and lone surrogates are refused; tab and line breaks are left to each field', async () => {
    const c = await customerInGb();
    for (const ch of ['\u0001', '\u0008', '\u000b', '\u001f', '\u007f', '\u0085', '\ud800', '\udfff']) {
      const res = await c.post(securityEndpoints.forgotPassword.path, { email: `a${ch}@example.com` });
      expect(res.statusCode, JSON.stringify(ch)).toBe(422);
    }
    // a tab is not a control character the guard refuses: the email rule answers
    const tab = invalid(await c.post(securityEndpoints.forgotPassword.path, { email: 'a\t@example.com' }));
    expect(tab.errors.email).not.toEqual(['The email field must not contain control characters.']);
  });
});
