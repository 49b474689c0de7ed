import { authEndpoints, ValidationErrorBody } from '@remit/contract';
import { describe, expect, it } from 'vitest';
import { Client, STRONG_PASSWORD, codeFrom, mailbox, uniqueEmail, useTestApp } from './helpers.ts';

const ctx = useTestApp();

describe('POST /client/v1/login', () => {
  it('signs in (email case-insensitive) and answers the customer with a new session', async () => {
    const email = uniqueEmail();
    const signedUp = await new Client(ctx.app).signUp(email);
    const c = new Client(ctx.app);
    const customer = await c.signIn(email.toUpperCase());
    expect(customer.id).toBe(signedUp.id);
    expect(customer.session!.id).not.toBe(signedUp.session!.id);
    // not verified yet: no MFA method on the session
    expect(customer.session!.mfa_method).toBeNull();
    expect(customer.session!.is_mfa_completed).toBe(false);
    expect((await c.profile()).statusCode).toBe(200);
  });

  it('puts the MFA method on the session and mails a code once the email is verified', async () => {
    const email = uniqueEmail();
    const signedUp = await new Client(ctx.app).signUp(email);
    await ctx.db
      .updateTable('accounts')
      .set({ email_verified_at: ctx.clock.now() })
      .where('customer_id', '=', signedUp.id)
      .execute();
    const customer = await new Client(ctx.app).signIn(email);
    expect(customer.account.is_email_verified).toBe(true);
    expect(customer.session!.mfa_method).toBe('email');
    expect(customer.session!.is_mfa_completed).toBe(false);
    const box = await mailbox(ctx.app);
    expect(box.messages[0]!.subject).toBe('Your sign-in code');
    expect(codeFrom(box.messages[0]!.text)).toMatch(/^\d{6}$/);
    const otp = await ctx.db
      .selectFrom('one_time_codes')
      .selectAll()
      .where('purpose', '=', 'mfa')
      .executeTakeFirstOrThrow();
    expect(otp.session_id).toBe(customer.session!.id);
  });

  it('answers wrong password and unknown email identically', async () => {
    const email = uniqueEmail();
    await new Client(ctx.app).signUp(email);
    const c = new Client(ctx.app);
    await c.csrf();
    const wrong = await c.post(authEndpoints.signIn.path, { email, password: `${STRONG_PASSWORD}-wrong` });
    const unknown = await c.post(authEndpoints.signIn.path, {
      email: uniqueEmail('nobody'),
      password: STRONG_PASSWORD,
    });
    expect(wrong.statusCode).toBe(422);
    expect(unknown.statusCode).toBe(422);
    const expected = {
      message: 'These credentials do not match our records.',
      errors: { email: ['These credentials do not match our records.'] },
    };
    expect(ValidationErrorBody.parse(wrong.json())).toEqual(expected);
    expect(ValidationErrorBody.parse(unknown.json())).toEqual(expected);
    expect(wrong.cookies.find((x) => x.name === 'remit_session')).toBeUndefined();
  });

  it('validates required fields', async () => {
    const c = new Client(ctx.app);
    await c.csrf();
    const res = await c.post(authEndpoints.signIn.path, { email: '', password: '' });
    expect(res.statusCode).toBe(422);
    expect(ValidationErrorBody.parse(res.json()).errors).toEqual({
      email: ['The email field is required.'],
      password: ['The password field is required.'],
    });
  });
});

describe('sessions', () => {
  it('rotates on sign-in: the old cookie of the same browser stops working', async () => {
    const email = uniqueEmail();
    const c = new Client(ctx.app);
    await c.signUp(email);
    const before = c.cookies.get('remit_session')!;
    await c.signIn(email);
    const after = c.cookies.get('remit_session')!;
    expect(after).not.toBe(before);
    const old = await ctx.app.inject({
      method: 'GET',
      url: authEndpoints.getProfile.path,
      headers: { cookie: `remit_session=${before}` },
    });
    expect(old.statusCode).toBe(401);
    expect((await c.profile()).statusCode).toBe(200);
  });

  it('logout revokes the session and clears the cookie; works without a session', async () => {
    const c = new Client(ctx.app);
    await c.signUp();
    const token = c.cookies.get('remit_session')!;
    const res = await c.post(authEndpoints.signOut.path);
    expect(res.statusCode).toBe(204);
    expect(c.cookies.has('remit_session')).toBe(false);
    const again = await ctx.app.inject({
      method: 'GET',
      url: authEndpoints.getProfile.path,
      headers: { cookie: `remit_session=${token}` },
    });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: 'Unauthenticated.' });

    const anonymous = new Client(ctx.app);
    await anonymous.csrf();
    expect((await anonymous.post(authEndpoints.signOut.path)).statusCode).toBe(204);
  });

  it('profile is 401 without a session or with a made-up one', async () => {
    const c = new Client(ctx.app);
    const res = await c.profile();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
    c.cookies.set('remit_session', 'made-up');
    expect((await c.profile()).statusCode).toBe(401);
  });

  it('expires after 30 idle minutes, and activity keeps it alive', async () => {
    const c = new Client(ctx.app);
    await c.signUp();
    ctx.clock.advance(29 * 60_000);
    expect((await c.profile()).statusCode).toBe(200); // touches
    ctx.clock.advance(29 * 60_000);
    expect((await c.profile()).statusCode).toBe(200);
    ctx.clock.advance(30 * 60_000 + 1000);
    expect((await c.profile()).statusCode).toBe(401);
  });

  it('expires 12 hours after sign-in however active', async () => {
    const c = new Client(ctx.app);
    await c.signUp();
    for (let i = 0; i < 12 * 3; i++) {
      ctx.clock.advance(20 * 60_000);
      const res = await c.profile();
      if (i < 12 * 3 - 1) expect(res.statusCode, `after ${(i + 1) * 20} min`).toBe(200);
      else expect(res.statusCode).toBe(401);
    }
  });

  it('refreshes touched_at at most once a minute', async () => {
    const c = new Client(ctx.app);
    const customer = await c.signUp();
    const created = customer.session!.touched_at;
    ctx.clock.advance(30_000);
    let s = authEndpoints.getProfile.response.parse((await c.profile()).json()).session!;
    expect(s.touched_at).toBe(created);
    ctx.clock.advance(31_000);
    s = authEndpoints.getProfile.response.parse((await c.profile()).json()).session!;
    expect(s.touched_at).toBe(ctx.clock.now().toISOString());
  });
});
