// MFA guesses are limited per account across codes and sign-ins (docs/product/auth-and-sessions.md#mfa):
// beyond the limit the pending sign-in ends (429, then 401) and the owner is mailed once.
import { MessageBody, securityEndpoints as e } from '@remit/contract';
import { describe, expect, it } from 'vitest';
import { Client, STRONG_PASSWORD, codeFrom, useTestApp } from '../helpers.ts';
import { computeTotp, lastMailTo, outboxRows, verifiedCustomer } from '../security/helpers.ts';

const ctx = useTestApp({ env: { LOGIN_MAX_MFA_FAILURES: '10', LOGIN_MFA_WINDOW_MINUTES: '60' } });

const ALERT_EN = 'Someone tried to sign in to your account';
const ALERT_FR = 'Quelqu’un a essayé de se connecter à votre compte';

/** A sign-in from `ip` waiting for its mailed code; answers the client and a wrong code. */
async function pendingFrom(email: string, ip: string) {
  const c = new Client(ctx.app);
  c.ip = ip;
  c.userAgent = 'curl/8.5.0';
  await c.csrf();
  const res = await c.post('/client/v1/login', { email, password: STRONG_PASSWORD });
  expect(res.statusCode, res.body).toBe(200);
  const code = codeFrom((await lastMailTo(ctx, email, 'Your sign-in code')).text);
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  return { c, code, wrong };
}

async function alerts(email: string, subject: string) {
  await ctx.app.services.mail.idle();
  return (await outboxRows(ctx, email)).filter((m) => m.subject === subject);
}

describe('MFA guesses per account', () => {
  it('8 sign-ins from 8 addresses with 5 wrong codes each give 10 guesses, not 40', async () => {
    const { email } = await verifiedCustomer(ctx);
    const guesses: number[] = [];
    const signIns: number[] = [];
    for (let i = 0; i < 8; i++) {
      const c = new Client(ctx.app);
      c.ip = `192.0.2.${i + 1}`;
      await c.csrf();
      const res = await c.post('/client/v1/login', { email, password: STRONG_PASSWORD });
      signIns.push(res.statusCode);
      if (res.statusCode !== 200) continue;
      const code = codeFrom((await lastMailTo(ctx, email, 'Your sign-in code')).text);
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      for (let j = 0; j < 5; j++) guesses.push((await c.post(e.completeMfa.path, { otp: wrong })).statusCode);
    }
    expect(guesses).toEqual(Array(10).fill(422));
    // once locked, the right password starts no sign-in (no session, no code mailed)
    expect(signIns).toEqual([200, 200, 429, 429, 429, 429, 429, 429]);
    const codeMails = (await outboxRows(ctx, email)).filter((m) => m.subject === 'Your sign-in code');
    expect(codeMails).toHaveLength(2);
    expect(await alerts(email, ALERT_EN)).toHaveLength(1);
  });

  it('beyond the limit the pending sign-in ends (429, then 401), even for the right code; after the window it works', async () => {
    const { email } = await verifiedCustomer(ctx);
    const first = await pendingFrom(email, '198.51.100.1');
    for (let j = 0; j < 5; j++)
      expect((await first.c.post(e.completeMfa.path, { otp: first.wrong })).statusCode).toBe(422);
    const { c, code, wrong } = await pendingFrom(email, '198.51.100.2');
    for (let j = 0; j < 5; j++) expect((await c.post(e.completeMfa.path, { otp: wrong })).statusCode).toBe(422);
    expect(await alerts(email, ALERT_EN)).toHaveLength(1); // on reaching the limit

    const locked = await c.post(e.completeMfa.path, { otp: code });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(MessageBody.parse(locked.json()).message).toMatch(
      /^Too many incorrect codes\. Sign in again in (1 hour|\d+ minutes)\.$/,
    );
    expect((await c.post(e.completeMfa.path, { otp: code })).statusCode).toBe(401);
    const session = await ctx.db
      .selectFrom('sessions')
      .select('revoked_at')
      .where('ip', '=', '198.51.100.2')
      .executeTakeFirstOrThrow();
    expect(session.revoked_at).not.toBeNull();

    // a new sign-in is refused while the lock lasts; one alert however many refusals
    const again = new Client(ctx.app);
    again.ip = '198.51.100.3';
    await again.csrf();
    const refused = await again.post('/client/v1/login', { email, password: STRONG_PASSWORD });
    expect(refused.statusCode).toBe(429);
    expect(await alerts(email, ALERT_EN)).toHaveLength(1);

    ctx.clock.advance(60 * 60_000 + 1000);
    const later = await pendingFrom(email, '198.51.100.11');
    expect((await later.c.post(e.completeMfa.path, { otp: later.code })).statusCode).toBe(200);
  });

  it('authenticator-app and recovery codes share the allowance; the alert follows the request language', async () => {
    const { client, email } = await verifiedCustomer(ctx);
    // enrol the authenticator app (the verified client's session has no MFA pending)
    const setup = e.setupTotp.response.parse(
      (await client.post(e.setupTotp.path, { password: STRONG_PASSWORD })).json(),
    );
    const confirmed = await client.post(e.confirmTotp.path, { otp: computeTotp(setup.secret, ctx.clock.now()) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    ctx.clock.advance(30_000);

    const wrongTotp = String((Number(computeTotp(setup.secret, ctx.clock.now())) + 500_000) % 1_000_000).padStart(
      6,
      '0',
    );
    const fr = { 'accept-language': 'fr' };
    const results: number[] = [];
    for (const [i, otp] of [wrongTotp, 'aaaaa-aaaaa'].entries()) {
      const c = new Client(ctx.app);
      c.ip = `203.0.113.${i + 1}`;
      await c.csrf();
      expect((await c.post('/client/v1/login', { email, password: STRONG_PASSWORD })).statusCode).toBe(200);
      for (let j = 0; j < 6; j++) results.push((await c.post(e.completeMfa.path, { otp }, fr)).statusCode);
    }
    expect(results.filter((s) => s === 422)).toHaveLength(10);
    expect(results).toContain(429);
    expect(await alerts(email, ALERT_FR)).toHaveLength(1);
    const mail = (await alerts(email, ALERT_FR))[0]!;
    expect(mail.html).toContain('lang="fr"');
  });
});
