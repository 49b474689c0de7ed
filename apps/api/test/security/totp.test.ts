import {
  MessageBody,
  RECOVERY_CODE_PATTERN,
  STEP_UP_REQUIRED,
  ValidationErrorBody,
  securityEndpoints,
} from '@remit/contract';
import { describe, expect, it } from 'vitest';
import { Client, useTestApp } from '../helpers.ts';
import { computeTotp, lastMailTo, signedInCustomer } from './helpers.ts';

const ctx = useTestApp();
const e = securityEndpoints;

async function enrolled() {
  const { client, email } = await signedInCustomer(ctx);
  const setup = await client.post(e.setupTotp.path);
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = e.setupTotp.response.parse(setup.json());
  const confirm = await client.post(e.confirmTotp.path, { otp: computeTotp(secret, ctx.clock.now()) });
  expect(confirm.statusCode, confirm.body).toBe(200);
  const { recovery_codes } = e.confirmTotp.response.parse(confirm.json());
  return { client, email, secret, recoveryCodes: recovery_codes };
}

async function signInPendingTotp(email: string) {
  const c = new Client(ctx.app);
  const customer = await c.signIn(email);
  expect(customer.session!.mfa_method).toBe('totp');
  // after a reload the app only has the 403: it names the method too
  expect(MessageBody.parse((await c.profile()).json())).toMatchObject({ code: 'mfa_required', mfa_method: 'totp' });
  return c;
}

describe('authenticator app (TOTP)', () => {
  it('set-up needs a recent step-up and answers secret, otpauth URL and an SVG QR code', async () => {
    const { client, email } = await signedInCustomer(ctx);
    ctx.clock.advance(11 * 60_000);
    const asked = await client.post(e.setupTotp.path);
    expect(asked.statusCode).toBe(403);
    expect(MessageBody.parse(asked.json())).toMatchObject({ code: STEP_UP_REQUIRED, factors: ['password'] });
    const wrong = await client.post('/client/v1/step-up', { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(422);
    expect(ValidationErrorBody.parse(wrong.json()).errors).toEqual({
      password: ['The provided password is incorrect.'],
    });
    await client.stepUp();

    const res = await client.post(e.setupTotp.path);
    expect(res.statusCode, res.body).toBe(200);
    const body = e.setupTotp.response.parse(res.json());
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(body.otpauth_url);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe(`/Remit:${email}`);
    expect(url.searchParams.get('secret')).toBe(body.secret);
    expect(url.searchParams.get('issuer')).toBe('Remit');
    expect(body.qr_code_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    // not active until confirmed
    const settings = e.getMfaSettings.response.parse((await client.get(e.getMfaSettings.path)).json());
    expect(settings).toEqual({ method: 'email', totp_enabled: false, recovery_codes_remaining: 0 });
    const row = await ctx.db.selectFrom('mfa_totp').selectAll().executeTakeFirstOrThrow();
    expect(row.pending_secret_enc).not.toContain(body.secret);
  });

  it('confirm with a computed TOTP turns it on and answers ten recovery codes once', async () => {
    const { client, email, recoveryCodes } = await enrolled();
    expect(recoveryCodes).toHaveLength(10);
    for (const c of recoveryCodes) expect(c).toMatch(RECOVERY_CODE_PATTERN);
    const settings = e.getMfaSettings.response.parse((await client.get(e.getMfaSettings.path)).json());
    expect(settings).toEqual({ method: 'totp', totp_enabled: true, recovery_codes_remaining: 10 });
    const stored = await ctx.db.selectFrom('mfa_recovery_codes').select('code_hash').execute();
    expect(stored.map((r) => r.code_hash)).not.toContain(recoveryCodes[0]);
    expect((await lastMailTo(ctx, email)).subject).toBe('Authenticator app turned on');
  });

  it('a wrong code does not confirm', async () => {
    const { client } = await signedInCustomer(ctx);
    const { secret } = e.setupTotp.response.parse((await client.post(e.setupTotp.path)).json());
    const right = computeTotp(secret, ctx.clock.now());
    const res = await client.post(e.confirmTotp.path, { otp: right === '123456' ? '654321' : '123456' });
    expect(res.statusCode).toBe(422);
    expect(ValidationErrorBody.parse(res.json()).errors.otp).toEqual(['The code is incorrect.']);
  });

  it('sign-in then asks for the app: a TOTP is accepted, the same time step never twice', async () => {
    const { email, secret } = await enrolled();
    ctx.clock.advance(30_000); // the confirm used the current step
    const first = await signInPendingTotp(email);
    const otp = computeTotp(secret, ctx.clock.now());
    const ok = await first.post(e.completeMfa.path, { otp });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(e.completeMfa.response.parse(ok.json()).session!.is_mfa_completed).toBe(true);
    expect((await first.profile()).statusCode).toBe(200);

    const second = await signInPendingTotp(email);
    const replay = await second.post(e.completeMfa.path, { otp });
    expect(replay.statusCode).toBe(422);
    expect(ValidationErrorBody.parse(replay.json()).errors.otp).toEqual(['The code is incorrect.']);
    // the next step works
    ctx.clock.advance(30_000);
    expect((await second.post(e.completeMfa.path, { otp: computeTotp(secret, ctx.clock.now()) })).statusCode).toBe(200);
  });

  it('resend-mfa-otp is refused for an authenticator-app sign-in', async () => {
    const { email } = await enrolled();
    const c = await signInPendingTotp(email);
    ctx.clock.advance(61_000);
    expect((await c.post(e.resendMfaOtp.path)).statusCode).toBe(409);
  });

  it('a recovery code is accepted once, then refused', async () => {
    const { email, recoveryCodes } = await enrolled();
    const a = await signInPendingTotp(email);
    expect((await a.post(e.completeMfa.path, { otp: recoveryCodes[3] })).statusCode).toBe(200);
    const b = await signInPendingTotp(email);
    const again = await b.post(e.completeMfa.path, { otp: recoveryCodes[3] });
    expect(again.statusCode).toBe(422);
    expect(ValidationErrorBody.parse(again.json()).errors.otp).toEqual(['The code is incorrect.']);
    const settings = e.getMfaSettings.response.parse((await a.get(e.getMfaSettings.path)).json());
    expect(settings.recovery_codes_remaining).toBe(9);
  });

  it('throttles wrong codes per account (429 after ten, docs/product/auth-and-sessions.md#mfa)', async () => {
    const { email } = await enrolled();
    const c = await signInPendingTotp(email);
    for (let i = 0; i < 10; i++)
      expect((await c.post(e.completeMfa.path, { otp: 'aaaaa-aaaaa' })).statusCode).toBe(422);
    const res = await c.post(e.completeMfa.path, { otp: 'aaaaa-aaaaa' });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('recovery codes can be regenerated after a step-up (old ones stop working)', async () => {
    const { client, email, recoveryCodes, secret } = await enrolled();
    ctx.clock.advance(11 * 60_000);
    const asked = await client.post(e.regenerateRecoveryCodes.path);
    expect(MessageBody.parse(asked.json())).toMatchObject({ code: STEP_UP_REQUIRED, factors: ['password', 'totp'] });
    // the authenticator app is a step-up factor once it is on
    const stepped = await client.post('/client/v1/step-up', { otp: computeTotp(secret, ctx.clock.now()) });
    expect(stepped.statusCode, stepped.body).toBe(200);
    const res = await client.post(e.regenerateRecoveryCodes.path);
    expect(res.statusCode).toBe(200);
    const fresh = e.regenerateRecoveryCodes.response.parse(res.json()).recovery_codes;
    expect(fresh).not.toContain(recoveryCodes[0]);
    const c = await signInPendingTotp(email);
    expect((await c.post(e.completeMfa.path, { otp: recoveryCodes[0] })).statusCode).toBe(422);
    expect((await c.post(e.completeMfa.path, { otp: fresh[0] })).statusCode).toBe(200);
  });

  it('disable needs a recent step-up, then goes back to email codes', async () => {
    const { client, email } = await enrolled();
    ctx.clock.advance(11 * 60_000);
    const asked = await client.post(e.disableTotp.path);
    expect(asked.statusCode).toBe(403);
    expect(MessageBody.parse(asked.json()).code).toBe(STEP_UP_REQUIRED);
    await client.stepUp();

    const res = await client.post(e.disableTotp.path);
    expect(res.statusCode, res.body).toBe(200);
    expect(e.disableTotp.response.parse(res.json())).toEqual({
      method: 'email',
      totp_enabled: false,
      recovery_codes_remaining: 0,
    });
    expect(await ctx.db.selectFrom('mfa_recovery_codes').selectAll().execute()).toHaveLength(0);
    expect((await lastMailTo(ctx, email)).subject).toBe('Authenticator app turned off');
    const c = new Client(ctx.app);
    expect((await c.signIn(email)).session!.mfa_method).toBe('email');
  });
});
