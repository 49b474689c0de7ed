import { authEndpoints, securityEndpoints, type Customer } from '@remit/contract';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import { Client, STRONG_PASSWORD, codeFrom, mailbox, uniqueEmail, type TestContext } from '../helpers.ts';

/** The newest dev-outbox mail to `to` (optionally with this subject). */
export async function lastMailTo(ctx: TestContext, to: string, subject?: string) {
  const box = await mailbox(ctx.app);
  const m = box.messages.find((x) => x.to === to.toLowerCase() && (!subject || x.subject === subject));
  if (!m)
    throw new Error(
      `no mail to ${to}${subject ? ` with subject "${subject}"` : ''}: ${JSON.stringify(box.messages.map((x) => [x.to, x.subject]))}`,
    );
  return m;
}

/** Outbox rows with the HTML part (the dev mailbox call shows only the text). */
export async function outboxRows(ctx: TestContext, to: string) {
  return ctx.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', to.toLowerCase())
    .orderBy('id', 'desc')
    .execute();
}

/** Sign up and verify the email with the mailed code; answers the signed-in client (no MFA pending). */
export async function verifiedCustomer(
  ctx: TestContext,
  email = uniqueEmail(),
): Promise<{ client: Client; customer: Customer; email: string }> {
  const client = new Client(ctx.app);
  await client.signUp(email);
  const code = codeFrom((await lastMailTo(ctx, email, 'Your verification code')).text);
  const res = await client.post(securityEndpoints.verifyEmailAddress.path, { otp: code });
  expect(res.statusCode, res.body).toBe(200);
  const customer = securityEndpoints.verifyEmailAddress.response.parse(res.json());
  expect(customer.account.is_email_verified).toBe(true);
  return { client, customer, email };
}

/** Sign in on a new client (MFA pending) and pass MFA with the mailed code. */
export async function signInWithEmailMfa(ctx: TestContext, email: string, password = STRONG_PASSWORD): Promise<Client> {
  const client = new Client(ctx.app);
  const pending = await client.signIn(email, password);
  expect(pending.session!.mfa_method).toBe('email');
  const code = codeFrom((await lastMailTo(ctx, email, 'Your sign-in code')).text);
  const res = await client.post(securityEndpoints.completeMfa.path, { otp: code });
  expect(res.statusCode, res.body).toBe(200);
  expect(securityEndpoints.completeMfa.response.parse(res.json()).session!.is_mfa_completed).toBe(true);
  return client;
}

/** A fully signed-in client (verified, MFA done). */
export async function signedInCustomer(
  ctx: TestContext,
): Promise<{ client: Client; email: string; customer: Customer }> {
  const { email } = await verifiedCustomer(ctx);
  const client = await signInWithEmailMfa(ctx, email);
  const customer = authEndpoints.getProfile.response.parse((await client.profile()).json());
  return { client, email, customer };
}

// --- RFC 6238 through the `otpauth` library (as an authenticator app computes it) ---

/** The six-digit TOTP (SHA-1, 30 s) an authenticator app shows at `at`. */
export function computeTotp(secretBase32: string, at: Date): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secretBase32),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: at.getTime(),
  });
}
