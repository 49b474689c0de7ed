// Fair sign-in limits (docs/product/auth-and-sessions.md#throttling): successes never count; failures
// are limited per email and address, per email across addresses and per address (a ceiling hundreds
// of customers behind one NAT do not reach); a browser that signed in before keeps its own allowance
// (a signed device cookie), so strangers cannot lock the owner out; a 429 says when in words.
import { randomUUID } from 'node:crypto';
import { MessageBody, authEndpoints, securityEndpoints } from '@remit/contract';
import { describe, expect, it } from 'vitest';
import argon2 from 'argon2';
import { newCrn } from '../../src/lib/ids.ts';
import { Client, STRONG_PASSWORD, codeFrom, uniqueEmail, useTestApp } from '../helpers.ts';
import { lastMailTo, verifiedCustomer } from '../security/helpers.ts';

const ctx = useTestApp({
  env: {
    LOGIN_MAX_FAILURES_PER_EMAIL_AND_IP: '5',
    LOGIN_MAX_FAILURES_PER_EMAIL: '10',
    LOGIN_MAX_FAILURES_PER_IP: '60',
    LOGIN_MAX_FAILURES_PER_DEVICE: '5',
    LOGIN_THROTTLE_WINDOW_MINUTES: '15',
  },
});

const WRONG = 'Wrong-password-1';
const DEVICE_COOKIE = 'remit_device';

async function attempt(c: Client, email: string, password = WRONG, headers?: Record<string, string>) {
  if (!c.cookies.has('XSRF-TOKEN')) await c.csrf();
  return c.post(authEndpoints.signIn.path, { email, password }, headers);
}

function stranger(ip: string): Client {
  const c = new Client(ctx.app);
  c.ip = ip;
  c.userAgent = 'curl/8.5.0';
  return c;
}

/**
 * Customers written straight to the database, sharing one cheap argon2id hash (its parameters travel
 * in the hash) to keep 300 sign-ins fast.
 */
async function insertCustomers(n: number): Promise<string[]> {
  const passwordHash = await argon2.hash(STRONG_PASSWORD, {
    type: argon2.argon2id,
    memoryCost: 1024,
    timeCost: 1,
    parallelism: 1,
  });
  const emails = Array.from({ length: n }, () => uniqueEmail('nat'));
  for (const email of emails) {
    await ctx.app.services.auth.insertCustomerWithAccount(ctx.db, {
      customerId: randomUUID(),
      crn: newCrn(),
      email,
      passwordHash,
      at: ctx.clock.now(),
    });
  }
  return emails;
}

async function inBatches<T>(items: T[], size: number, run: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}

describe('shared networks', () => {
  it('300 customers sign in from one address, 50 of them after a typo: nobody gets 429', async () => {
    // (the address allows 60 failures in this file; the default is 200)
    const emails = await insertCustomers(300);
    await inBatches([...emails.entries()], 10, async ([i, email]) => {
      const c = new Client(ctx.app);
      c.ip = '203.0.113.7';
      if (i % 6 === 0) expect((await attempt(c, email)).statusCode).toBe(422);
      const res = await attempt(c, email, STRONG_PASSWORD);
      expect(res.statusCode, `${email}: ${res.body}`).toBe(200);
    });
  }, 60_000); // 300 sign-ins: time for a loaded machine

  it('failures from one address over the per-address ceiling are refused, whatever the email', async () => {
    const c = stranger('198.51.100.9');
    await c.csrf();
    const emails = Array.from({ length: 60 }, () => uniqueEmail('spray'));
    await inBatches(emails, 20, async (email) => expect((await attempt(c, email)).statusCode).toBe(422));
    const res = await attempt(c, uniqueEmail('spray'));
    expect(res.statusCode).toBe(429);
    // another address is not affected
    expect((await attempt(stranger('198.51.100.10'), uniqueEmail('spray'))).statusCode).toBe(422);
  });

  it('failures per email from one address: 5, then the other addresses still have the per-email rest', async () => {
    const email = uniqueEmail();
    await new Client(ctx.app).signUp(email);
    const one = stranger('198.51.100.20');
    for (let i = 0; i < 5; i++) expect((await attempt(one, email)).statusCode).toBe(422);
    expect((await attempt(one, email)).statusCode).toBe(429);
    const two = stranger('198.51.100.21');
    for (let i = 0; i < 5; i++) expect((await attempt(two, email)).statusCode).toBe(422);
    // 10 per email across addresses
    expect((await attempt(stranger('198.51.100.22'), email)).statusCode).toBe(429);
  });
});

describe('strangers cannot lock the owner out of a known device', () => {
  it('sign-up and sign-in set a signed, HttpOnly device cookie', async () => {
    const email = uniqueEmail();
    const owner = new Client(ctx.app);
    await owner.csrf();
    const res = await owner.post(authEndpoints.signUp.path, {
      email,
      password: STRONG_PASSWORD,
      confirm_password: STRONG_PASSWORD,
    });
    expect(res.statusCode).toBe(201);
    const cookie = res.cookies.find((c) => c.name === DEVICE_COOKIE);
    expect(cookie, 'device cookie at sign-up').toBeDefined();
    expect(cookie!.httpOnly).toBe(true);
    expect(cookie!.sameSite).toBe('Lax');
    expect(cookie!.path).toBe('/');
    expect(cookie!.maxAge).toBeGreaterThan(30 * 24 * 3600);
    expect(cookie!.value).not.toContain(owner.cookies.get('remit_session') ?? '-');

    const other = new Client(ctx.app);
    const signedIn = await attempt(other, email, STRONG_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.cookies.find((c) => c.name === DEVICE_COOKIE)).toBeDefined();
    // a failure sets none
    const failed = await attempt(new Client(ctx.app), email);
    expect(failed.cookies.find((c) => c.name === DEVICE_COOKIE)).toBeUndefined();
  });

  it('wrong passwords from many addresses lock the email, not the browser that signed in before', async () => {
    const email = uniqueEmail();
    const owner = new Client(ctx.app);
    await owner.signUp(email);
    expect(owner.cookies.has(DEVICE_COOKIE)).toBe(true);
    await owner.post(authEndpoints.signOut.path);

    for (let i = 0; i < 10; i++) expect((await attempt(stranger(`192.0.2.${i + 1}`), email)).statusCode).toBe(422);
    expect((await attempt(stranger('192.0.2.50'), email, STRONG_PASSWORD)).statusCode).toBe(429);
    // the owner on a new browser waits like everyone else
    expect((await attempt(new Client(ctx.app), email, STRONG_PASSWORD)).statusCode).toBe(429);

    // the owner's browser (device cookie) gets in, even with a typo first
    expect((await attempt(owner, email)).statusCode).toBe(422);
    const res = await attempt(owner, email, STRONG_PASSWORD);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('a stolen device cookie is limited per device; a forged or foreign one counts per email', async () => {
    const email = uniqueEmail();
    const owner = new Client(ctx.app);
    await owner.signUp(email);
    const cookie = owner.cookies.get(DEVICE_COOKIE)!;

    const thief = stranger('192.0.2.77');
    thief.cookies.set(DEVICE_COOKIE, cookie);
    for (let i = 0; i < 5; i++) expect((await attempt(thief, email)).statusCode).toBe(422);
    expect((await attempt(thief, email, STRONG_PASSWORD)).statusCode).toBe(429);
    // the per-email allowance was not used by the device's tries
    expect((await attempt(stranger('192.0.2.78'), email)).statusCode).toBe(422);

    // a forged cookie (signature changed) is no device cookie: it counts per email
    const forger = stranger('192.0.2.79');
    forger.cookies.set(DEVICE_COOKIE, `${cookie.slice(0, -2)}${cookie.endsWith('AA') ? 'BB' : 'AA'}`);
    for (let i = 0; i < 5; i++) expect((await attempt(forger, email)).statusCode).toBe(422);
    expect((await attempt(forger, email)).statusCode).toBe(429);

    // a device cookie of another account counts per email for this one
    const otherEmail = uniqueEmail();
    const neighbour = new Client(ctx.app);
    await neighbour.signUp(otherEmail);
    const borrower = stranger('192.0.2.80');
    borrower.cookies.set(DEVICE_COOKIE, neighbour.cookies.get(DEVICE_COOKIE)!);
    for (let i = 0; i < 4; i++) expect((await attempt(borrower, email)).statusCode).toBe(422);
    // per email across addresses: 1 (192.0.2.78) + 5 (forger) + 4 = 10
    expect((await attempt(borrower, email)).statusCode).toBe(429);
  });

  it('with MFA the device cookie comes with the completed sign-in, not with the password alone', async () => {
    const { email } = await verifiedCustomer(ctx);
    const c = new Client(ctx.app);
    const pending = await attempt(c, email, STRONG_PASSWORD);
    expect(pending.statusCode).toBe(200);
    expect(pending.cookies.find((x) => x.name === DEVICE_COOKIE)).toBeUndefined();
    const code = codeFrom((await lastMailTo(ctx, email, 'Your sign-in code')).text);
    const done = await c.post(securityEndpoints.completeMfa.path, { otp: code });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.cookies.find((x) => x.name === DEVICE_COOKIE)).toBeDefined();
  });
});

describe('the 429 says when, in words, in the request language', () => {
  it('English and French, with Retry-After in seconds', async () => {
    const email = uniqueEmail();
    const c = stranger('192.0.2.90');
    for (let i = 0; i < 5; i++) expect((await attempt(c, email)).statusCode).toBe(422);
    const en = await attempt(c, email);
    expect(en.statusCode).toBe(429);
    expect(en.headers['retry-after']).toBe('900');
    expect(MessageBody.parse(en.json()).message).toBe('Too many login attempts. Try again in 15 minutes.');

    ctx.clock.advance(60_000);
    const fr = await attempt(c, email, WRONG, { 'accept-language': 'fr-FR,fr;q=0.9' });
    expect(fr.headers['retry-after']).toBe('840');
    expect(MessageBody.parse(fr.json()).message).toBe('Trop de tentatives de connexion. Réessayez dans 14 minutes.');

    ctx.clock.advance(13 * 60_000 + 30_000);
    const soon = await attempt(c, email);
    expect(soon.headers['retry-after']).toBe('30');
    expect(MessageBody.parse(soon.json()).message).toBe('Too many login attempts. Try again in 30 seconds.');
  });
});
