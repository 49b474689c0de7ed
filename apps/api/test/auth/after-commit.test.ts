// Every change that a cached session could hide asks for its invalidation explicitly (db/unit-of-work.ts,
// docs/ARCHITECTURE.md "Side effects"), and a call that changes nothing cached keeps the cache.
// Each case first makes sure the sessions involved are served from the cache, then changes
// something through the api, and checks that the very next call of every session sees it.
import { authEndpoints, devicesEndpoints, onboardingEndpoints, securityEndpoints } from '@remit/contract';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/plugins/session.ts';
import { Client, codeFrom, uniqueEmail, useTestApp } from '../helpers.ts';
import { lastMailTo, signInWithEmailMfa, signedInCustomer } from '../security/helpers.ts';

const ctx = useTestApp();
const GB = 826;

function copyOf(client: Client): Client {
  const copy = new Client(ctx.app);
  for (const [k, v] of client.cookies) copy.cookies.set(k, v);
  return copy;
}

async function profileOf(client: Client) {
  const res = await client.profile();
  expect(res.statusCode, res.body).toBe(200);
  return authEndpoints.getProfile.response.parse(res.json());
}

/** Calls the profile twice and checks the second came from the cache. */
async function expectCached(client: Client) {
  await client.profile();
  const before = ctx.app.sessions.cache.stats().hits;
  const profile = await profileOf(client);
  expect(ctx.app.sessions.cache.stats().hits).toBe(before + 1);
  return profile;
}

describe('after-commit invalidation: every change is seen at once', () => {
  it('verifying the email shows in the next profile call of the cached session', async () => {
    const client = new Client(ctx.app);
    const email = uniqueEmail();
    await client.signUp(email);
    expect((await expectCached(client)).account.is_email_verified).toBe(false);
    const code = codeFrom((await lastMailTo(ctx, email, 'Your verification code')).text);
    expect((await client.post(securityEndpoints.verifyEmailAddress.path, { otp: code })).statusCode).toBe(200);
    expect((await profileOf(copyOf(client))).account.is_email_verified).toBe(true);
  });

  it('a new mobile number shows in every session of the customer', async () => {
    const { client: first, email } = await signedInCustomer(ctx);
    const second = await signInWithEmailMfa(ctx, email);
    expect((await first.post(onboardingEndpoints.updateCountry.path, { country_id: GB })).statusCode).toBe(200);
    expect((await expectCached(second)).account.mobile_number).toBeNull();
    const res = await first.post(onboardingEndpoints.updateMobileNumber.path, {
      mobile_number_country_id: GB,
      mobile_number: '07400 123456',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await profileOf(second)).account.mobile_number).toBe('+447400123456');
  });

  it('signing another device out ends its cached session at once', async () => {
    const { client: first, email } = await signedInCustomer(ctx);
    const second = await signInWithEmailMfa(ctx, email);
    await expectCached(second);
    const secondId = (await profileOf(second)).session!.id;
    const res = await first.request('DELETE', devicesEndpoints.revokeDevice.path.replace(':id', secondId));
    expect(res.statusCode, res.body).toBe(204);
    expect((await second.profile()).statusCode).toBe(401);
  });

  it('signing in again in the same browser ends the cached session its cookie named', async () => {
    const { client, email } = await signedInCustomer(ctx);
    await expectCached(client);
    const before = copyOf(client);
    await client.signIn(email);
    expect(client.cookies.get(SESSION_COOKIE)).not.toBe(before.cookies.get(SESSION_COOKIE));
    expect((await before.profile()).statusCode).toBe(401);
  });
});

describe('after-commit invalidation: nothing is dropped that did not change', () => {
  it('asking for a new email code changes nothing cached: the next profile call is a cache hit', async () => {
    const client = new Client(ctx.app);
    await client.signUp(uniqueEmail());
    await expectCached(client);
    ctx.clock.advance(61_000); // past the resend cooldown
    const res = await client.post(securityEndpoints.resendEmailVerification.path);
    expect(res.statusCode, res.body).toBeLessThan(300);
    const hits = ctx.app.sessions.cache.stats().hits;
    await profileOf(client);
    expect(ctx.app.sessions.cache.stats().hits).toBe(hits + 1);
  });
});
