import { authEndpoints, ValidationErrorBody } from '@remit/contract';
import { describe, expect, it } from 'vitest';
import { Client, STRONG_PASSWORD, codeFrom, mailbox, uniqueEmail, useTestApp } from './helpers.ts';

// At the production cost of password hashes (the default), not the tests' cheap one (helpers.ts).
const ctx = useTestApp({ env: { PASSWORD_HASH_MEMORY_KIB: '', PASSWORD_HASH_TIME_COST: '' } });

async function signUpRaw(body: unknown) {
  const c = new Client(ctx.app);
  await c.csrf();
  return c.post(authEndpoints.signUp.path, body);
}

async function errorsFor(body: unknown) {
  const res = await signUpRaw(body);
  expect(res.statusCode, res.body).toBe(422);
  return ValidationErrorBody.parse(res.json());
}

describe('POST /client/v1/signup', () => {
  it('creates the customer, signs in with an HttpOnly session cookie and mails a verification code', async () => {
    const c = new Client(ctx.app);
    await c.csrf();
    const email = uniqueEmail('New.User');
    const res = await c.post(authEndpoints.signUp.path, {
      email: `  ${email}  `,
      password: STRONG_PASSWORD,
      confirm_password: STRONG_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(201);
    const customer = authEndpoints.signUp.response.parse(res.json());
    expect(customer.account.email).toBe(email.toLowerCase());
    expect(customer.account.is_email_verified).toBe(false);
    expect(customer.crn).toMatch(/^CR\d{10}$/);
    expect(customer.session).not.toBeNull();
    expect(customer.session!.mfa_method).toBeNull();
    expect(customer.session!.is_mfa_completed).toBe(false);
    expect(customer.session!.client_version).toBe('Chrome 120.0');
    expect(customer.session!.os_version).toBe('macOS 10.15.7');
    expect(customer).toMatchObject({
      country: null,
      nationality: null,
      address: null,
      attributes: [],
      documents: [],
      pending_documents: [],
    });

    const cookie = res.cookies.find((x) => x.name === 'remit_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
    expect(Buffer.from(cookie.value, 'base64url')).toHaveLength(32);
    expect(customer.session!.session_token).not.toBe(cookie.value);

    // the DB keeps only the sha256 of the token
    const rows = await ctx.db.selectFrom('sessions').select(['token_hash']).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toContain(cookie.value);

    const profile = await c.profile();
    expect(profile.statusCode).toBe(200);
    expect(authEndpoints.getProfile.response.parse(profile.json()).id).toBe(customer.id);

    const box = await mailbox(ctx.app);
    expect(box.messages).toHaveLength(1);
    expect(box.messages[0]!.to).toBe(email.toLowerCase());
    expect(box.messages[0]!.subject).toBe('Your verification code');
    const code = codeFrom(box.messages[0]!.text);
    expect(code).toMatch(/^\d{6}$/);
    const otp = await ctx.db.selectFrom('one_time_codes').selectAll().executeTakeFirstOrThrow();
    expect(otp.purpose).toBe('email_verification');
    expect(otp.code_hash).not.toContain(code);
    expect(otp.expires_at.getTime() - otp.created_at.getTime()).toBe(10 * 60_000);
  });

  it('stores the password as argon2id, never in clear', async () => {
    const c = new Client(ctx.app);
    const customer = await c.signUp();
    const account = await ctx.db
      .selectFrom('accounts')
      .selectAll()
      .where('customer_id', '=', customer.id)
      .executeTakeFirstOrThrow();
    expect(account.password_hash).toMatch(/^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=\d+\$/);
    const [, m, t] = /m=(\d+),t=(\d+)/.exec(account.password_hash)!;
    expect(Number(m)).toBeGreaterThanOrEqual(19456);
    expect(Number(t)).toBeGreaterThanOrEqual(2);
    expect(account.password_hash).not.toContain(STRONG_PASSWORD);
  });

  it('requires every field (missing or empty), Laravel style', async () => {
    for (const body of [{}, { email: '', password: '', confirm_password: '' }, undefined]) {
      const err = await errorsFor(body);
      expect(err.errors).toEqual({
        email: ['The email field is required.'],
        password: ['The password field is required.'],
        confirm_password: ['The confirm password field is required.'],
      });
      expect(err.message).toBe('The email field is required. (and 2 more errors)');
    }
  });

  it('rejects an invalid email', async () => {
    const err = await errorsFor({
      email: 'not-an-email',
      password: STRONG_PASSWORD,
      confirm_password: STRONG_PASSWORD,
    });
    expect(err).toEqual({
      message: 'The email field must be a valid email address.',
      errors: { email: ['The email field must be a valid email address.'] },
    });
  });

  it('rejects an email already taken, case-insensitively', async () => {
    const email = uniqueEmail('taken');
    await new Client(ctx.app).signUp(email);
    const err = await errorsFor({
      email: email.toUpperCase(),
      password: STRONG_PASSWORD,
      confirm_password: STRONG_PASSWORD,
    });
    expect(err.errors).toEqual({ email: ['The email has already been taken.'] });
  });

  it.each([
    ['length', 'Sh0rt!pass', 'At least 12 characters'],
    ['uppercase', 'all-lower-case-42', 'At least one uppercase letter'],
    ['lowercase', 'ALL-UPPER-CASE-42', 'At least one lowercase letter'],
    ['digits', 'No-Digits-Here-At-All', 'At least one number'],
    ['wildcard', 'NoSpecialChars42here', 'At least one special character'],
  ])('enforces the %s rule with the policy message', async (_rule, password, message) => {
    const err = await errorsFor({ email: uniqueEmail(), password, confirm_password: password });
    expect(err.errors).toEqual({ password: [message] });
    expect(err.message).toBe(message);
  });

  it('lists one message per failing rule', async () => {
    const err = await errorsFor({ email: uniqueEmail(), password: 'abc', confirm_password: 'abc' });
    expect(err.errors.password).toEqual([
      'At least 12 characters',
      'At least one uppercase letter',
      'At least one number',
      'At least one special character',
    ]);
    expect(err.message).toBe('At least 12 characters (and 3 more errors)');
  });

  it('refuses a common password that otherwise passes the policy', async () => {
    const err = await errorsFor({ email: uniqueEmail(), password: 'Password123!', confirm_password: 'Password123!' });
    expect(err.errors).toEqual({ password: ['The password is too common. Please choose a different one.'] });
  });

  it('refuses passwords over 128 characters (never truncates)', async () => {
    const long = `Aa1!${'x'.repeat(125)}`;
    const err = await errorsFor({ email: uniqueEmail(), password: long, confirm_password: long });
    expect(err.errors).toEqual({ password: ['The password field must not be greater than 128 characters.'] });
  });

  it('requires confirm_password to match', async () => {
    const err = await errorsFor({
      email: uniqueEmail(),
      password: STRONG_PASSWORD,
      confirm_password: `${STRONG_PASSWORD}x`,
    });
    expect(err.errors).toEqual({ confirm_password: ['The confirm password field must match password.'] });
  });

  it('rejects non-string fields with 422, not 400', async () => {
    const err = await errorsFor({ email: 42, password: STRONG_PASSWORD, confirm_password: STRONG_PASSWORD });
    expect(Object.keys(err.errors)).toEqual(['email']);
  });

  it('rotates the session: a sign-up in the same browser revokes the previous session', async () => {
    const c = new Client(ctx.app);
    await c.signUp();
    const firstCookie = c.cookies.get('remit_session')!;
    await c.signUp();
    expect(c.cookies.get('remit_session')).not.toBe(firstCookie);
    const old = await ctx.app.inject({
      method: 'GET',
      url: authEndpoints.getProfile.path,
      headers: { cookie: `remit_session=${firstCookie}` },
    });
    expect(old.statusCode).toBe(401);
  });
});
