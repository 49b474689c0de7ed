import { createHmac } from 'node:crypto';
import { authEndpoints, securityEndpoints, type Customer } from '@remit/contract';
import { expect } from 'vitest';
import { Client, STRONG_PASSWORD, codeFrom, mailbox, uniqueEmail, type TestContext } from '../helpers.ts';

/** The newest dev-outbox mail to `to` (optionally with this subject). */
export async function lastMailTo(ctx: TestContext, to: string, subject?: string) {
  const box = await mailbox(ctx.app);
  const m = box.messages.find((x) => x.to === to.toLowerCase() && (!subject || x.subject === subject));
  if (!m) throw new Error(`no mail to ${to}${subject ? ` with subject "${subject}"` : ''}: ${JSON.stringify(box.messages.map((x) => [x.to, x.subject]))}`);
  return m;
}

/** Outbox rows with the HTML part (the dev mailbox call shows only the text). */
export async function outboxRows(ctx: TestContext, to: string) {
  return ctx.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to.toLowerCase()).orderBy('id', 'desc').execute();
}

/** Sign up and verify the email with the mailed code; answers the signed-in client (no MFA pending). */
export async function verifiedCustomer(ctx: TestContext, email = uniqueEmail()): Promise<{ client: Client; customer: Customer; email: string }> {
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
export async function signedInCustomer(ctx: TestContext): Promise<{ client: Client; email: string; customer: Customer }> {
  const { email } = await verifiedCustomer(ctx);
  const client = await signInWithEmailMfa(ctx, email);
  const customer = authEndpoints.getProfile.response.parse((await client.profile()).json());
  return { client, email, customer };
}

// --- RFC 6238, written independently of the api's implementation ---

function base32ToBuffer(s: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of s.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** The six-digit TOTP (SHA-1, 30 s) an authenticator app shows at `at`. */
export function computeTotp(secretBase32: string, at: Date): string {
  const counter = Math.floor(at.getTime() / 30_000);
  const msg = Buffer.alloc(8);
  msg.writeUInt32BE(Math.floor(counter / 2 ** 32), 0);
  msg.writeUInt32BE(counter % 2 ** 32, 4);
  const mac = createHmac('sha1', base32ToBuffer(secretBase32)).update(msg).digest();
  const o = mac[19]! & 0xf;
  const n = ((mac[o]! & 0x7f) << 24) | (mac[o + 1]! << 16) | (mac[o + 2]! << 8) | mac[o + 3]!;
  return String(n % 1_000_000).padStart(6, '0');
}
