import { MessageBody, ValidationErrorBody, authEndpoints, securityEndpoints } from '@remit/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Client, STRONG_PASSWORD, uniqueEmail, useTestApp } from '../helpers.ts';
import { lastMailTo, signInWithEmailMfa, signedInCustomer, verifiedCustomer } from './helpers.ts';

const ctx = useTestApp();
const e = securityEndpoints;
const NEW_PASSWORD = 'Another-Strong-77-pass';
const FORGOT = { message: 'If an account exists for that email, we have sent a password reset link.' };

afterEach(() => vi.restoreAllMocks());

async function forgot(email: string, client = new Client(ctx.app)) {
  await client.csrf();
  const res = await client.post(e.forgotPassword.path, { email });
  await ctx.app.services.mail.idle();
  return res;
}

/** The raw token from the mailed link (the web app base64url-decodes the path segment). */
async function tokenFromMail(email: string): Promise<{ link: string; token: string }> {
  const mail = await lastMailTo(ctx, email, 'Reset your password');
  const m = /(http\S+\/reset-password\/([A-Za-z0-9_-]+))/.exec(mail.text);
  expect(m, mail.text).toBeTruthy();
  return { link: m![1]!, token: Buffer.from(m![2]!, 'base64url').toString('utf8') };
}

async function reset(body: { token: string; password: string; confirm_password: string }) {
  const c = new Client(ctx.app);
  await c.csrf();
  return c.post(e.resetPassword.path, body);
}

describe('POST /client/v1/forgot-password', () => {
  it('answers the same status and body for known and unknown emails, doing the same token work', async () => {
    const { email } = await verifiedCustomer(ctx);
    const spy = vi.spyOn(ctx.app.services.passwords, 'createResetToken');
    const known = await forgot(email.toUpperCase());
    const unknown = await forgot(uniqueEmail('nobody'));
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(e.forgotPassword.response.parse(known.json())).toEqual(FORGOT);
    expect(e.forgotPassword.response.parse(unknown.json())).toEqual(FORGOT);
    expect(known.body).toBe(unknown.body);
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it('mails a single-use link `${APP_URL}/reset-password/${base64url(token)}`; only sha256(token) is stored', async () => {
    const { email } = await verifiedCustomer(ctx);
    await forgot(email);
    const { link, token } = await tokenFromMail(email);
    expect(link.startsWith(`${ctx.config.appUrl}/reset-password/`)).toBe(true);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    const row = await ctx.db.selectFrom('password_reset_tokens').selectAll().executeTakeFirstOrThrow();
    expect(row.token_hash).not.toBe(token);
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBe(60 * 60_000);
  });

  it('throttles per email and per IP with 429', async () => {
    const email = uniqueEmail('nobody');
    const c = new Client(ctx.app);
    for (let i = 0; i < 5; i++) expect((await forgot(email, c)).statusCode).toBe(200);
    const res = await forgot(email, c);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    expect(MessageBody.parse(res.json()).message).toMatch(/^Too many password reset requests/);

    const ipClient = new Client(ctx.app);
    ipClient.ip = '10.9.9.9';
    for (let i = 0; i < 20; i++) expect((await forgot(uniqueEmail('x'), ipClient)).statusCode).toBe(200);
    expect((await forgot(uniqueEmail('x'), ipClient)).statusCode).toBe(429);
  });

  it('validates the email field', async () => {
    const res = await forgot('');
    expect(res.statusCode).toBe(422);
    expect(ValidationErrorBody.parse(res.json()).errors).toEqual({ email: ['The email field is required.'] });
  });
});

describe('POST /client/v1/reset-password', () => {
  it('sets the new password, ends every session, notifies, mails; the token cannot be replayed', async () => {
    const { client: first, email, customer } = await signedInCustomer(ctx);
    const second = await signInWithEmailMfa(ctx, email);
    const notify = vi.spyOn(ctx.app.customerEvents, 'notify');
    await forgot(email);
    const { token } = await tokenFromMail(email);

    const res = await reset({ token, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(e.resetPassword.response.parse(res.json()).message).toBe(
      'Your password has been reset. Please sign in with your new password.',
    );

    expect((await first.profile()).statusCode).toBe(401);
    expect((await second.profile()).statusCode).toBe(401);
    expect(notify).toHaveBeenCalledWith(customer.id, 'SessionRevoked', {
      session_ids: expect.arrayContaining([customer.session!.id]),
      reason: 'password_reset',
    });
    expect((notify.mock.calls[0]![2] as { session_ids: string[] }).session_ids.length).toBeGreaterThanOrEqual(2);
    expect((await lastMailTo(ctx, email)).subject).toBe('Your password was changed');

    const account = await ctx.db.selectFrom('accounts').select('password_changed_at').executeTakeFirstOrThrow();
    expect(account.password_changed_at?.toISOString()).toBe(ctx.clock.now().toISOString());
    await new Client(ctx.app).signIn(email, NEW_PASSWORD);

    const replay = await reset({ token, password: 'Yet-Another-88-pass', confirm_password: 'Yet-Another-88-pass' });
    expect(replay.statusCode).toBe(422);
    expect(ValidationErrorBody.parse(replay.json()).errors).toEqual({
      token: ['This password reset link is invalid or has expired.'],
    });
  });

  it('refuses an expired token (after 60 minutes)', async () => {
    const { email } = await verifiedCustomer(ctx);
    await forgot(email);
    const { token } = await tokenFromMail(email);
    ctx.clock.advance(61 * 60_000);
    const res = await reset({ token, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD });
    expect(res.statusCode).toBe(422);
    expect(ValidationErrorBody.parse(res.json()).errors).toEqual({
      token: ['This password reset link is invalid or has expired.'],
    });
  });

  it('applies the sign-up password rules and refuses made-up tokens', async () => {
    const { email } = await verifiedCustomer(ctx);
    await forgot(email);
    const { token } = await tokenFromMail(email);
    const weak = await reset({ token, password: 'password', confirm_password: 'different' });
    expect(weak.statusCode).toBe(422);
    const errors = ValidationErrorBody.parse(weak.json()).errors;
    expect(errors.password).toContain('The password is too common. Please choose a different one.');
    expect(errors.confirm_password).toEqual(['The confirm password field must match password.']);
    const long = 'Aa1!'.repeat(33);
    expect(
      ValidationErrorBody.parse((await reset({ token, password: long, confirm_password: long })).json()).errors
        .password,
    ).toEqual(['The password field must not be greater than 128 characters.']);
    const madeUp = await reset({ token: 'f'.repeat(64), password: NEW_PASSWORD, confirm_password: NEW_PASSWORD });
    expect(ValidationErrorBody.parse(madeUp.json()).errors).toEqual({
      token: ['This password reset link is invalid or has expired.'],
    });
    // the real token still works after the failed tries
    expect((await reset({ token, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD })).statusCode).toBe(200);
  });
});

describe('POST /client/v1/change-password', () => {
  it('refuses a wrong current password and an unchanged password', async () => {
    const { client } = await signedInCustomer(ctx);
    const wrong = await client.post(e.changePassword.path, {
      current_password: 'not-it',
      password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    });
    expect(wrong.statusCode).toBe(422);
    expect(ValidationErrorBody.parse(wrong.json()).errors).toEqual({
      current_password: ['The provided password is incorrect.'],
    });
    const same = await client.post(e.changePassword.path, {
      current_password: STRONG_PASSWORD,
      password: STRONG_PASSWORD,
      confirm_password: STRONG_PASSWORD,
    });
    expect(ValidationErrorBody.parse(same.json()).errors).toEqual({
      password: ['The new password must be different from the current password.'],
    });
    expect((await client.profile()).statusCode).toBe(200);
  });

  it('changes the password, ends every session including this one, clears the cookie and mails a notice', async () => {
    const { client, email, customer } = await signedInCustomer(ctx);
    const other = await signInWithEmailMfa(ctx, email);
    const cookie = client.cookies.get('remit_session')!;
    const notify = vi.spyOn(ctx.app.customerEvents, 'notify');

    const res = await client.post(e.changePassword.path, {
      current_password: STRONG_PASSWORD,
      password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(e.changePassword.response.parse(res.json()).message).toBe(
      'Your password has been changed. Please sign in again.',
    );
    expect(client.cookies.has('remit_session')).toBe(false);

    const old = await ctx.app.inject({
      method: 'GET',
      url: authEndpoints.getProfile.path,
      headers: { cookie: `remit_session=${cookie}` },
    });
    expect(old.statusCode).toBe(401);
    expect((await other.profile()).statusCode).toBe(401);
    expect(notify).toHaveBeenCalledWith(
      customer.id,
      'SessionRevoked',
      expect.objectContaining({ session_ids: expect.any(Array), reason: 'password_changed' }),
    );
    expect((await lastMailTo(ctx, email)).subject).toBe('Your password was changed');

    const c = new Client(ctx.app);
    await c.csrf();
    expect((await c.post(authEndpoints.signIn.path, { email, password: STRONG_PASSWORD })).statusCode).toBe(422);
    expect((await c.post(authEndpoints.signIn.path, { email, password: NEW_PASSWORD })).statusCode).toBe(200);
  });
});
