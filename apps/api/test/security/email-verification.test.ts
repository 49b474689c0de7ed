import { MessageBody, ValidationErrorBody, authEndpoints, securityEndpoints } from '@remit/contract';
import { describe, expect, it } from 'vitest';
import { Client, codeFrom, uniqueEmail, useTestApp } from '../helpers.ts';
import { lastMailTo } from './helpers.ts';

const ctx = useTestApp();
const verify = securityEndpoints.verifyEmailAddress;
const resend = securityEndpoints.resendEmailVerification;

async function signedUp() {
  const email = uniqueEmail();
  const client = new Client(ctx.app);
  await client.signUp(email);
  const code = codeFrom((await lastMailTo(ctx, email, 'Your verification code')).text);
  return { client, email, code };
}

const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000');

async function otpErrors(client: Client, otp: string) {
  const res = await client.post(verify.path, { otp });
  expect(res.statusCode, res.body).toBe(422);
  return ValidationErrorBody.parse(res.json()).errors.otp;
}

describe('POST /client/v1/verify-email-address', () => {
  it('verifies the email with the mailed code and answers the customer', async () => {
    const { client, code } = await signedUp();
    const res = await client.post(verify.path, { otp: code });
    expect(res.statusCode, res.body).toBe(200);
    const customer = verify.response.parse(res.json());
    expect(customer.account.is_email_verified).toBe(true);
    expect(customer.session!.mfa_method).toBeNull();
    // the onboarding session keeps working (no MFA was asked for it)
    expect(authEndpoints.getProfile.response.parse((await client.profile()).json()).account.is_email_verified).toBe(
      true,
    );
  });

  it('refuses a wrong code, and the right one still works afterwards', async () => {
    const { client, code } = await signedUp();
    expect(await otpErrors(client, wrongCodeFor(code))).toEqual(['The code is incorrect.']);
    expect(await otpErrors(client, 'abc')).toEqual(['The code is incorrect.']);
    expect(await otpErrors(client, '')).toEqual(['The otp field is required.']);
    expect((await client.post(verify.path, { otp: code })).statusCode).toBe(200);
  });

  it('refuses an expired code (10 minutes)', async () => {
    const { client, code } = await signedUp();
    ctx.clock.advance(10 * 60_000 + 1);
    expect(await otpErrors(client, code)).toEqual(['The code has expired. Request a new one.']);
  });

  it('refuses the replay of a used code', async () => {
    const { client, code } = await signedUp();
    expect((await client.post(verify.path, { otp: code })).statusCode).toBe(200);
    const again = await client.post(verify.path, { otp: code });
    expect(again.statusCode).toBe(409);
    expect(MessageBody.parse(again.json()).message).toBe('Your email address is already verified.');
  });

  it('stops brute force: after five wrong tries even the right code is refused', async () => {
    const { client, code } = await signedUp();
    for (let i = 0; i < 5; i++) expect(await otpErrors(client, wrongCodeFor(code))).toEqual(['The code is incorrect.']);
    expect(await otpErrors(client, code)).toEqual(['Too many incorrect attempts. Request a new code.']);
    const account = await ctx.db.selectFrom('accounts').select('email_verified_at').executeTakeFirstOrThrow();
    expect(account.email_verified_at).toBeNull();
  });

  it('needs a session', async () => {
    const c = new Client(ctx.app);
    await c.csrf();
    expect((await c.post(verify.path, { otp: '123456' })).statusCode).toBe(401);
  });
});

describe('POST /client/v1/resend-email-verification', () => {
  it('mails a new code after the 60-second cooldown; the old code stops working', async () => {
    const { client, email, code } = await signedUp();
    const early = await client.post(resend.path);
    expect(early.statusCode).toBe(429);
    expect(Number(early.headers['retry-after'])).toBe(60);
    expect(MessageBody.parse(early.json()).message).toBe(
      'Please wait before requesting another code. Try again in 1 minute.',
    );

    ctx.clock.advance(61_000);
    const res = await client.post(resend.path);
    expect(res.statusCode, res.body).toBe(200);
    expect(resend.response.parse(res.json())).toEqual({
      message: 'We have sent a new verification code to your email address.',
      resend_available_in: 60,
    });
    const fresh = codeFrom((await lastMailTo(ctx, email, 'Your verification code')).text);
    if (fresh !== code) expect(await otpErrors(client, code)).toEqual(['The code is incorrect.']);
    expect((await client.post(verify.path, { otp: fresh })).statusCode).toBe(200);
  });

  it('allows at most one per minute and five per hour', async () => {
    const { client } = await signedUp();
    for (let i = 0; i < 5; i++) {
      ctx.clock.advance(61_000);
      const ok = await client.post(resend.path);
      expect(ok.statusCode, `resend ${i + 1}`).toBe(200);
      const again = await client.post(resend.path);
      expect(again.statusCode).toBe(429);
    }
    ctx.clock.advance(61_000);
    const sixth = await client.post(resend.path);
    expect(sixth.statusCode).toBe(429);
    const retry = Number(sixth.headers['retry-after']);
    expect(retry).toBeGreaterThan(60);
    expect(retry).toBeLessThanOrEqual(3600);
  });

  it('answers 409 once the email is verified', async () => {
    const { client, code } = await signedUp();
    await client.post(verify.path, { otp: code });
    ctx.clock.advance(61_000);
    const res = await client.post(resend.path);
    expect(res.statusCode).toBe(409);
    expect(MessageBody.parse(res.json()).message).toBe('Your email address is already verified.');
  });
});
