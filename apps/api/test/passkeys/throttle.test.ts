// Passkey sign-in is limited per address like the password sign-in (docs/product/auth-and-sessions.md#passkeys):
// the options count every call, failed sign-ins count, a success does not; wrong step-up answers count
// per customer, five per 15 minutes.
import { MessageBody, passkeysEndpoints as e, stepUpEndpoints } from '@remit/contract';
import { describe, expect, it } from 'vitest';
import { Client, useTestApp } from '../helpers.ts';
import { signedInCustomer } from '../security/helpers.ts';
import { addPasskey, authenticatorFor, loginOptions, loginWith } from './helpers.ts';

const ctx = useTestApp({ env: { LOGIN_MAX_FAILURES_PER_IP: '3' } });

function tooMany(res: { statusCode: number; body: string; headers: Record<string, unknown>; json(): unknown }) {
  expect(res.statusCode, res.body).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(MessageBody.parse(res.json()).message).toMatch(/^Too many login attempts\. Try again in \d+ minutes?\.$/);
}

describe('per address', () => {
  it('counts failed sign-ins, not successful ones, and every options call', async () => {
    const { client } = await signedInCustomer(ctx);
    const authenticator = authenticatorFor(ctx);
    expect((await addPasskey(client, authenticator)).statusCode).toBe(201);
    const stranger = authenticatorFor(ctx);

    const browser = new Client(ctx.app);
    browser.ip = '10.9.9.9';
    expect((await loginWith(browser, authenticator.get(await loginOptions(browser)))).statusCode).toBe(200);
    expect((await loginWith(browser, stranger.get(await loginOptions(browser)))).statusCode).toBe(422);
    expect((await loginWith(browser, stranger.get(await loginOptions(browser)))).statusCode).toBe(422);
    // three options asked: the fourth is refused
    await browser.csrf();
    tooMany(await browser.post(e.loginPasskeyOptions.path));
    // two failures counted (the success was not): one more, then refused
    expect((await loginWith(browser, stranger.get({ challenge: 'AAAA' }))).statusCode).toBe(422);
    tooMany(await loginWith(browser, authenticator.get({ challenge: 'AAAA' })));

    // another address is not concerned
    const elsewhere = new Client(ctx.app);
    elsewhere.ip = '10.9.9.10';
    expect((await loginWith(elsewhere, authenticator.get(await loginOptions(elsewhere)))).statusCode).toBe(200);
  });
});

describe('step-up', () => {
  it('refuses a sixth wrong passkey within 15 minutes', async () => {
    const { client } = await signedInCustomer(ctx);
    expect((await addPasskey(client, authenticatorFor(ctx))).statusCode).toBe(201);
    const stranger = authenticatorFor(ctx);
    const attempt = async () => {
      const options = (await client.post(stepUpEndpoints.stepUpPasskeyOptions.path)).json() as { challenge: string };
      return client.post(stepUpEndpoints.stepUp.path, { passkey: stranger.get(options) });
    };
    for (let i = 0; i < 5; i += 1) expect((await attempt()).statusCode).toBe(422);
    const refused = await attempt();
    expect(refused.statusCode, refused.body).toBe(429);
    ctx.clock.advance(15 * 60_000 + 1);
    // the session idles out after 30 minutes without activity; 15 are fine
    expect((await attempt()).statusCode).toBe(422);
  });
});
