// Sign-up limits (docs/product/auth-and-sessions.md#sign-up): per address and per target email; the
// "already taken" answer counts like a failure; the owner of a taken address hears of it at most once
// a day; real sign-ups from one address stop mailing codes at the limit. Here the address limit is
// set to 20 and the proof of work is off, to see the limits alone; the production limits (500 an hour
// per address, the proof of work of busy addresses): sign-up-shared-networks.test.ts.
import { MessageBody, authEndpoints } from '@remit/contract';
import { describe, expect, it } from 'vitest';
import { Client, STRONG_PASSWORD, mailbox, uniqueEmail, useTestApp } from '../helpers.ts';
import { outboxRows } from '../security/helpers.ts';

const ctx = useTestApp({
  env: {
    SIGNUP_MAX_PER_IP: '20',
    SIGNUP_MAX_PER_EMAIL: '5',
    SIGNUP_WINDOW_MINUTES: '60',
    SIGNUP_POW_FREE_PER_IP: '1000',
  },
});

const TAKEN = 'The email has already been taken.';
const ALERT_EN = 'Someone tried to sign up with your email address';
const ALERT_FR = 'Quelqu’un a essayé de s’inscrire avec votre adresse e-mail';

async function signUpFrom(ip: string, email: string, headers?: Record<string, string>, password = STRONG_PASSWORD) {
  const c = new Client(ctx.app);
  c.ip = ip;
  await c.csrf();
  return c.post(authEndpoints.signUp.path, { email, password, confirm_password: password }, headers);
}

async function alerts(email: string, subject = ALERT_EN) {
  await ctx.app.services.mail.idle();
  return (await outboxRows(ctx, email)).filter((m) => m.subject === subject);
}

describe('sign-up limits', () => {
  it('100 sign-ups with taken addresses from one address: the answer stays the 422 until the limit, then 429', async () => {
    const owners = Array.from({ length: 25 }, () => uniqueEmail('owner'));
    for (const [i, email] of owners.entries()) expect((await signUpFrom(`10.40.0.${i}`, email)).statusCode).toBe(201);

    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) {
      const res = await signUpFrom('198.51.100.1', owners[i % owners.length]!);
      statuses.push(res.statusCode);
      if (res.statusCode === 422) {
        // exactly the seed's answer
        expect(res.json()).toEqual({ message: TAKEN, errors: { email: [TAKEN] } });
      } else {
        expect(res.statusCode).toBe(429);
        expect(MessageBody.parse(res.json()).message).toMatch(
          /^Too many sign-up attempts\. Try again in (1 hour|\d+ minutes)\.$/,
        );
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(422));
    expect(statuses.slice(20)).toEqual(Array(80).fill(429));
  });

  it('one target email: 5 tries an hour whatever the address', async () => {
    const email = uniqueEmail('owner');
    expect((await signUpFrom('10.41.0.1', email)).statusCode).toBe(201);
    for (let i = 0; i < 4; i++) expect((await signUpFrom(`10.41.1.${i}`, email)).statusCode).toBe(422);
    const res = await signUpFrom('10.41.2.1', email);
    expect(res.statusCode).toBe(429);
    ctx.clock.advance(60 * 60_000 + 1000);
    expect((await signUpFrom('10.41.2.2', email)).statusCode).toBe(422);
  });

  it('a form mistake (weak password) does not count; a taken address does', async () => {
    const email = uniqueEmail('owner');
    expect((await signUpFrom('10.42.0.1', email)).statusCode).toBe(201);
    for (let i = 0; i < 30; i++) {
      const res = await signUpFrom('10.42.0.2', uniqueEmail(), undefined, 'short');
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.email).toBeUndefined();
    }
    for (let i = 0; i < 4; i++) expect((await signUpFrom('10.42.0.2', email)).statusCode).toBe(422);
    expect((await signUpFrom('10.42.0.2', email)).statusCode).toBe(429);
  });

  it('the owner of a taken address gets one mail a day however many tries (English or French)', async () => {
    const email = uniqueEmail('owner');
    expect((await signUpFrom('10.43.0.1', email)).statusCode).toBe(201);
    for (let hour = 0; hour < 5; hour++) {
      for (let i = 0; i < 6; i++) await signUpFrom(`10.43.${hour}.${i + 2}`, email);
      ctx.clock.advance(60 * 60_000 + 1000);
    }
    const first = await alerts(email);
    expect(first).toHaveLength(1);
    expect(first[0]!.text).not.toMatch(/\b\d{6}\b/);

    ctx.clock.advance(24 * 60 * 60_000);
    expect((await signUpFrom('10.43.9.1', email, { 'accept-language': 'fr' })).statusCode).toBe(422);
    expect(await alerts(email)).toHaveLength(1);
    expect(await alerts(email, ALERT_FR)).toHaveLength(1);
  });

  it('60 real sign-ups from one address limited to 20: 20 accounts and 20 mailed codes, then 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await signUpFrom('198.51.100.2', uniqueEmail('bulk'))).statusCode);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(201));
    expect(statuses.slice(20)).toEqual(Array(40).fill(429));
    const box = await mailbox(ctx.app);
    expect(box.messages.filter((m) => m.subject === 'Your verification code')).toHaveLength(20);
  });
});
