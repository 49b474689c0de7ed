import { authEndpoints, MessageBody } from '@remit/contract';
import { describe, expect, it } from 'vitest';
import { Client, STRONG_PASSWORD, uniqueEmail, useTestApp } from './helpers.ts';

const ctx = useTestApp({
  env: { LOGIN_MAX_FAILURES_PER_EMAIL: '3', LOGIN_MAX_FAILURES_PER_IP: '5', LOGIN_THROTTLE_WINDOW_MINUTES: '15' },
});

async function attempt(c: Client, email: string, password = 'Wrong-password-1') {
  return c.post(authEndpoints.signIn.path, { email, password });
}

describe('login throttling', () => {
  it('locks an email after 3 failures with 429 and Retry-After, from any IP, until the window ends', async () => {
    const email = uniqueEmail();
    await new Client(ctx.app).signUp(email);
    const c = new Client(ctx.app);
    await c.csrf();
    for (let i = 0; i < 3; i++) expect((await attempt(c, email)).statusCode).toBe(422);
    c.ip = '10.0.0.99'; // another IP: still locked per email
    const res = await attempt(c, email, STRONG_PASSWORD);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('900');
    expect(MessageBody.parse(res.json()).message).toBe('Too many login attempts. Try again in 15 minutes.');
    ctx.clock.advance(15 * 60_000 + 1000);
    expect((await attempt(c, email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('limits failures per IP whatever the email', async () => {
    const c = new Client(ctx.app);
    await c.csrf();
    for (let i = 0; i < 5; i++) expect((await attempt(c, uniqueEmail())).statusCode).toBe(422);
    ctx.clock.advance(60_000);
    const res = await attempt(c, uniqueEmail());
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBe(14 * 60);
    const other = new Client(ctx.app);
    other.ip = '10.0.0.2';
    await other.csrf();
    expect((await attempt(other, uniqueEmail())).statusCode).toBe(422);
  });

  it('a successful sign-in clears the email failures', async () => {
    const email = uniqueEmail();
    await new Client(ctx.app).signUp(email);
    const c = new Client(ctx.app);
    await c.csrf();
    for (let i = 0; i < 2; i++) expect((await attempt(c, email)).statusCode).toBe(422);
    expect((await attempt(c, email, STRONG_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await attempt(c, email)).statusCode).toBe(422);
  });
});
