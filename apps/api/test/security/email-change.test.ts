// Changing the email address (docs/product/auth-and-sessions.md#changing-the-email-address): a recent
// step-up, a code mailed to the new address, confirmed in the same session; the old address is told;
// the answer never tells whether the new address has an account.
import {
  MessageBody,
  STEP_UP_REQUIRED,
  ValidationErrorBody,
  authEndpoints,
  securityEndpoints,
  stepUpEndpoints,
} from '@remit/contract';
import { describe, expect, it } from 'vitest';
import { Client, STRONG_PASSWORD, codeFrom, mailbox, uniqueEmail, useTestApp } from '../helpers.ts';
import { lastMailTo, signInWithEmailMfa, signedInCustomer, verifiedCustomer } from './helpers.ts';

const ctx = useTestApp();
const START = securityEndpoints.changeEmail.path;
const CONFIRM = securityEndpoints.confirmEmailChange.path;
const CODE_SUBJECT = 'Confirm your new email address';

async function mailsTo(to: string) {
  await ctx.app.services.mail.idle();
  return (await mailbox(ctx.app)).messages.filter((m) => m.to === to.toLowerCase());
}

async function codeSentTo(to: string) {
  await ctx.app.services.mail.idle();
  return codeFrom((await lastMailTo(ctx, to, CODE_SUBJECT)).text);
}

async function errorsOf(res: { statusCode: number; body: string; json(): unknown }) {
  expect(res.statusCode, res.body).toBe(422);
  return ValidationErrorBody.parse(res.json()).errors;
}

const emailOf = async (c: Client) => authEndpoints.getProfile.response.parse((await c.profile()).json()).account;

describe('POST /client/v1/change-email, then /confirm', () => {
  it('mails a code to the new address; the code makes it the account’s address, verified; the old one is told', async () => {
    const { client, email } = await signedInCustomer(ctx);
    const next = uniqueEmail('moved');
    const start = await client.post(START, { email: `  ${next.toUpperCase()} ` });
    expect(start.statusCode, start.body).toBe(200);
    expect(securityEndpoints.changeEmail.response.parse(start.json())).toEqual({
      message: 'We have sent a code to your new email address.',
      resend_available_in: 60,
    });
    const code = await codeSentTo(next);
    // nothing changes before the code
    expect((await emailOf(client)).email).toBe(email);

    const done = await client.post(CONFIRM, { otp: code });
    expect(done.statusCode, done.body).toBe(200);
    const customer = securityEndpoints.confirmEmailChange.response.parse(done.json());
    expect(customer.account.email).toBe(next);
    expect(customer.account.is_email_verified).toBe(true);
    expect((await emailOf(client)).email).toBe(next);

    const notice = (await mailsTo(email)).find((m) => m.subject === 'Your email address was changed');
    expect(notice?.text).toContain(`The email address of your account is now ${next[0]}•••@`);
    expect(notice?.text).not.toContain(next);

    // the new address signs in; the old one does not
    expect((await signInWithEmailMfa(ctx, next)).constructor).toBe(Client);
    const old = new Client(ctx.app);
    await old.csrf();
    const refused = await old.post(authEndpoints.signIn.path, { email, password: STRONG_PASSWORD });
    expect(refused.statusCode).toBe(422);
  });

  it('says what is wrong with the address before asking for a step-up', async () => {
    const { client, email } = await signedInCustomer(ctx);
    ctx.clock.advance(11 * 60_000); // the sign-in no longer counts as a step-up
    expect(await errorsOf(await client.post(START, { email: '' }))).toEqual({
      email: ['The email field is required.'],
    });
    expect(await errorsOf(await client.post(START, { email: 'not-an-address' }))).toEqual({
      email: ['The email field must be a valid email address.'],
    });
    expect(await errorsOf(await client.post(START, { email: `${'a'.repeat(250)}@x.io` }))).toEqual({
      email: ['The email field must not be greater than 254 characters.'],
    });
    expect(await errorsOf(await client.post(START, { email: email.toUpperCase() }))).toEqual({
      email: ['This is already your email address.'],
    });
    const asked = await client.post(START, { email: uniqueEmail() });
    expect(asked.statusCode, asked.body).toBe(403);
    expect(MessageBody.parse(asked.json()).code).toBe(STEP_UP_REQUIRED);
    const stepped = await client.post(stepUpEndpoints.stepUp.path, { password: STRONG_PASSWORD });
    expect(stepped.statusCode, stepped.body).toBe(200);
    expect((await client.post(START, { email: uniqueEmail() })).statusCode).toBe(200);
  });

  it('an address that already has an account: the same answer, its owner is told, no code exists to confirm', async () => {
    const { client, email } = await signedInCustomer(ctx);
    const other = await verifiedCustomer(ctx);
    const before = (await mailsTo(other.email)).length;
    const start = await client.post(START, { email: other.email });
    expect(start.statusCode, start.body).toBe(200);
    expect(MessageBody.parse(start.json()).message).toBe('We have sent a code to your new email address.');
    const mails = await mailsTo(other.email);
    expect(mails.length).toBe(before + 1);
    expect(mails[0]!.subject).toBe('Someone tried to use your email address');
    expect(mails[0]!.text).not.toMatch(/\b\d{6}\b/);
    // every guess is wrong, and five end it
    for (let i = 0; i < 5; i++) {
      expect((await errorsOf(await client.post(CONFIRM, { otp: String(100000 + i) }))).otp).toEqual([
        'The code is incorrect.',
      ]);
    }
    expect((await errorsOf(await client.post(CONFIRM, { otp: '123456' }))).otp).toEqual([
      'Too many incorrect attempts. Request a new code.',
    ]);
    expect((await emailOf(client)).email).toBe(email);
  });

  it('the code: wrong, expired, used, or from another session', async () => {
    const { client, email } = await signedInCustomer(ctx);
    const next = uniqueEmail('moved');
    expect((await client.post(START, { email: next })).statusCode).toBe(200);
    const code = await codeSentTo(next);
    expect((await errorsOf(await client.post(CONFIRM, { otp: '' }))).otp).toEqual(['The otp field is required.']);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await errorsOf(await client.post(CONFIRM, { otp: wrong }))).otp).toEqual(['The code is incorrect.']);

    // another session of the same customer cannot use it
    const elsewhere = await signInWithEmailMfa(ctx, email);
    const stolen = await elsewhere.post(CONFIRM, { otp: code });
    expect(stolen.statusCode, stolen.body).toBe(409);
    expect(MessageBody.parse(stolen.json()).message).toBe('There is no email change to confirm. Ask for a new code.');

    ctx.clock.advance(10 * 60_000 + 1);
    expect((await errorsOf(await client.post(CONFIRM, { otp: code }))).otp).toEqual([
      'The code has expired. Request a new one.',
    ]);
    expect((await emailOf(client)).email).toBe(email);

    // a new request: a new code; the old one is dead, the new one works once
    await client.stepUp();
    const again = await client.post(START, { email: next });
    expect(again.statusCode, again.body).toBe(200);
    const fresh = await codeSentTo(next);
    expect((await client.post(CONFIRM, { otp: fresh })).statusCode).toBe(200);
    const replay = await client.post(CONFIRM, { otp: fresh });
    expect(replay.statusCode).toBe(409);
  });

  it('one code a minute and five an hour (429 with Retry-After)', async () => {
    const { client } = await signedInCustomer(ctx);
    expect((await client.post(START, { email: uniqueEmail() })).statusCode).toBe(200);
    const soon = await client.post(START, { email: uniqueEmail() });
    expect(soon.statusCode).toBe(429);
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);
    for (let i = 0; i < 4; i++) {
      ctx.clock.advance(61_000);
      await client.stepUp();
      expect((await client.post(START, { email: uniqueEmail() })).statusCode).toBe(200);
    }
    ctx.clock.advance(61_000);
    await client.stepUp();
    expect((await client.post(START, { email: uniqueEmail() })).statusCode).toBe(429);
  });

  it('another account taking the address meanwhile: 409, nothing changes', async () => {
    const { client, email } = await signedInCustomer(ctx);
    const next = uniqueEmail('raced');
    expect((await client.post(START, { email: next })).statusCode).toBe(200);
    const code = await codeSentTo(next);
    await new Client(ctx.app).signUp(next);
    const res = await client.post(CONFIRM, { otp: code });
    expect(res.statusCode, res.body).toBe(409);
    expect(MessageBody.parse(res.json()).message).toBe(
      'This email address is now used by another account. Choose another one.',
    );
    expect((await emailOf(client)).email).toBe(email);
  });

  it('a password-reset link mailed to the old address stops working', async () => {
    const { client, email } = await signedInCustomer(ctx);
    const stranger = new Client(ctx.app);
    await stranger.csrf();
    expect((await stranger.post(securityEndpoints.forgotPassword.path, { email })).statusCode).toBe(200);
    await ctx.app.services.mail.idle();
    const link = /reset-password\/(\S+)/.exec((await lastMailTo(ctx, email, 'Reset your password')).text)![1]!;
    const token = Buffer.from(link, 'base64url').toString('utf8');

    const next = uniqueEmail('moved');
    expect((await client.post(START, { email: next })).statusCode).toBe(200);
    expect((await client.post(CONFIRM, { otp: await codeSentTo(next) })).statusCode).toBe(200);

    const reset = await stranger.post(securityEndpoints.resetPassword.path, {
      token,
      password: `${STRONG_PASSWORD}x`,
      confirm_password: `${STRONG_PASSWORD}x`,
    });
    expect(reset.statusCode, reset.body).toBe(422);
  });

  it('needs a signed-in session', async () => {
    const anonymous = new Client(ctx.app);
    await anonymous.csrf();
    expect((await anonymous.post(START, { email: uniqueEmail() })).statusCode).toBe(401);
    expect((await anonymous.post(CONFIRM, { otp: '123456' })).statusCode).toBe(401);
  });
});
