import { MFA_REQUIRED, MessageBody, ValidationErrorBody, authEndpoints, securityEndpoints } from '@remit/contract';
import { describe, expect, it } from 'vitest';
import { Client, codeFrom, uniqueEmail, useTestApp } from '../helpers.ts';
import { lastMailTo, verifiedCustomer } from './helpers.ts';

const ctx = useTestApp();
const mfa = securityEndpoints.completeMfa;
const resendMfa = securityEndpoints.resendMfaOtp;

async function pendingMfa() {
  const { email } = await verifiedCustomer(ctx, uniqueEmail());
  const client = new Client(ctx.app);
  const customer = await client.signIn(email);
  expect(customer.session!.mfa_method).toBe('email');
  expect(customer.session!.is_mfa_completed).toBe(false);
  const code = codeFrom((await lastMailTo(ctx, email, 'Your sign-in code')).text);
  return { client, email, code };
}

describe('session gate while MFA is pending', () => {
  it('answers 403 mfa_required on other protected paths, and lets them through after MFA', async () => {
    const { client, code } = await pendingMfa();
    const profile = await client.profile();
    expect(profile.statusCode).toBe(403);
    expect(MessageBody.parse(profile.json())).toEqual({
      message: 'Multi-factor authentication is required.',
      code: MFA_REQUIRED,
      mfa_method: 'email',
    });
    for (const res of [
      await client.get(securityEndpoints.getMfaSettings.path),
      await client.post(securityEndpoints.changePassword.path, {
        current_password: 'x',
        password: 'y',
        confirm_password: 'y',
      }),
      await client.post(securityEndpoints.resendEmailVerification.path),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(MessageBody.parse(res.json()).code).toBe(MFA_REQUIRED);
    }
    // public paths stay reachable
    expect((await client.get(authEndpoints.getPasswordPolicy.path)).statusCode).toBe(200);
    expect((await client.get(authEndpoints.csrfCookie.path)).statusCode).toBe(204);

    const res = await client.post(mfa.path, { otp: code });
    expect(res.statusCode, res.body).toBe(200);
    const customer = mfa.response.parse(res.json());
    expect(customer.session!.is_mfa_completed).toBe(true);
    expect(customer.session!.mfa_method).toBe('email');
    expect((await client.profile()).statusCode).toBe(200);
  });

  it('logout works while MFA is pending', async () => {
    const { client } = await pendingMfa();
    expect((await client.post(authEndpoints.signOut.path)).statusCode).toBe(204);
    expect((await client.profile()).statusCode).toBe(401);
  });
});

describe('POST /client/v1/mfa (email code)', () => {
  it('rotates the session: new cookie, the old one answers 401; the code cannot be replayed', async () => {
    const { client, code } = await pendingMfa();
    const before = client.cookies.get('remit_session')!;
    const res = await client.post(mfa.path, { otp: code });
    expect(res.statusCode).toBe(200);
    const after = client.cookies.get('remit_session')!;
    expect(after).not.toBe(before);
    const old = await ctx.app.inject({
      method: 'GET',
      url: authEndpoints.getProfile.path,
      headers: { cookie: `remit_session=${before}` },
    });
    expect(old.statusCode).toBe(401);

    // replay with the old (revoked) session
    const stale = new Client(ctx.app);
    stale.cookies.set('remit_session', before);
    await stale.csrf(); // the anti-forgery token of that session (docs/product/auth-and-sessions.md#csrf)
    expect((await stale.post(mfa.path, { otp: code })).statusCode).toBe(401);
    // replay with the new session: nothing is pending any more
    const again = await client.post(mfa.path, { otp: code });
    expect(again.statusCode).toBe(409);
    expect(MessageBody.parse(again.json()).message).toBe(
      'Multi-factor authentication is not pending for this session.',
    );
  });

  it('refuses wrong, expired and brute-forced codes with their messages', async () => {
    const { client, code } = await pendingMfa();
    const wrong = code === '000000' ? '111111' : '000000';
    const errorsOf = async (otp: string) => {
      const res = await client.post(mfa.path, { otp });
      expect(res.statusCode).toBe(422);
      return ValidationErrorBody.parse(res.json()).errors.otp;
    };
    for (let i = 0; i < 5; i++) expect(await errorsOf(wrong)).toEqual(['The code is incorrect.']);
    expect(await errorsOf(code)).toEqual(['Too many incorrect attempts. Request a new code.']);

    ctx.clock.advance(61_000);
    const resent = await client.post(resendMfa.path);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resendMfa.response.parse(resent.json()).resend_available_in).toBe(60);
    const fresh = codeFrom(
      (
        await lastMailTo(
          ctx,
          (await ctx.db.selectFrom('accounts').select('email').executeTakeFirstOrThrow()).email,
          'Your sign-in code',
        )
      ).text,
    );
    ctx.clock.advance(10 * 60_000 + 1);
    expect(await errorsOf(fresh)).toEqual(['The code has expired. Request a new one.']);
  });

  it('a code belongs to its sign-in: a code mailed to another session is refused', async () => {
    const { email } = await verifiedCustomer(ctx, uniqueEmail());
    const a = new Client(ctx.app);
    await a.signIn(email);
    const codeA = codeFrom((await lastMailTo(ctx, email, 'Your sign-in code')).text);
    const b = new Client(ctx.app);
    await b.signIn(email);
    const res = await b.post(mfa.path, { otp: codeA });
    expect(res.statusCode).toBe(422);
  });

  it('resend is throttled (60 s) and only for sessions waiting for an emailed code', async () => {
    const { client, code } = await pendingMfa();
    const early = await client.post(resendMfa.path);
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBeDefined();
    expect((await client.post(mfa.path, { otp: code })).statusCode).toBe(200);
    ctx.clock.advance(61_000);
    expect((await client.post(resendMfa.path)).statusCode).toBe(409);
  });
});
