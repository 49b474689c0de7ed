import {
  authEndpoints,
  devEndpoints,
  onboardingEndpoints,
  passkeysEndpoints,
  realtimeEndpoints,
  recipientsEndpoints,
  securityEndpoints,
  stepUpEndpoints,
  trackingEndpoints,
  verificationEndpoints,
  type Endpoint,
} from '@remit/contract';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD } from '../src/plugins/compress.ts';
import { Client, STRONG_PASSWORD, useTestApp } from './helpers.ts';
import { computeTotp, signedInCustomer } from './security/helpers.ts';

/**
 * JSON answers over 1 KB are compressed (plugins/compress.ts), except the answers that carry a
 * secret or a token next to what the requester sent (BREACH): those are never compressed.
 */
const ctx = useTestApp();
const s = securityEndpoints;
const BOTH = { 'accept-encoding': 'gzip, deflate, br' };

describe('JSON compression', () => {
  it('GET /client/v1/countries (249 countries) is compressed: brotli, gzip, or not at all', async () => {
    const url = onboardingEndpoints.listCountries.path;
    const plain = await ctx.app.inject({ method: 'GET', url });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const countries = onboardingEndpoints.listCountries.response.parse(plain.json()).countries;
    expect(countries.length).toBeGreaterThanOrEqual(249);

    const br = await ctx.app.inject({ method: 'GET', url, headers: BOTH });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.headers['cache-control']).toBe('public, max-age=3600');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('answers under 1 KB go out as they are (still varying on Accept-Encoding, for caches)', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: authEndpoints.getPasswordPolicy.path, headers: BOTH });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBe('accept-encoding');
  });

  it('request bodies are not decompressed', async () => {
    const client = new Client(ctx.app);
    await client.csrf();
    const res = await client.post(authEndpoints.signIn.path, 'not really gzip', {
      'content-type': 'application/json',
      'content-encoding': 'gzip',
    });
    expect(res.statusCode).not.toBe(200);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('BREACH: never compressed', () => {
  const routeOf = (e: Endpoint) => `${e.method} ${e.path}`;

  it('every answer with a secret or a token opts out, at registration', () => {
    const secretBearing = [
      s.setupTotp,
      s.confirmTotp,
      s.regenerateRecoveryCodes,
      s.getMfaSettings,
      s.disableTotp,
      s.completeMfa,
      authEndpoints.csrfCookie,
      authEndpoints.signUp,
      authEndpoints.signIn,
      authEndpoints.signOut,
      s.forgotPassword,
      s.resetPassword,
      s.changePassword,
      realtimeEndpoints.authorizeChannel,
      realtimeEndpoints.authenticateUser,
      devEndpoints.getMailbox,
      verificationEndpoints.verificationToken,
      verificationEndpoints.livenessToken,
      trackingEndpoints.createTrackingLink,
      stepUpEndpoints.stepUp,
      stepUpEndpoints.stepUpPasskeyOptions,
      // passkeys: signed challenges, and the calls that set the session or the sign-in cookie
      passkeysEndpoints.loginPasskeyOptions,
      passkeysEndpoints.loginWithPasskey,
      passkeysEndpoints.mfaPasskeyOptions,
      passkeysEndpoints.mfaWithPasskey,
      passkeysEndpoints.passkeyRegistrationOptions,
      passkeysEndpoints.registerPasskey,
      // a recipient's account details in full
      recipientsEndpoints.revealRecipient,
    ].map(routeOf);
    expect([...ctx.app.uncompressedRoutes].sort()).toEqual([...secretBearing].sort());
  });

  it('the TOTP set-up answer (secret, otpauth URL, QR code: over 1 KB) is not compressed', async () => {
    const { client } = await signedInCustomer(ctx);
    const res = await client.post(s.setupTotp.path, undefined, BOTH);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    expect(res.headers['content-encoding']).toBeUndefined();
    const { secret } = s.setupTotp.response.parse(res.json());

    // a step-up's wrong-password answer (which names the field the caller sent) neither
    const wrong = await client.post(stepUpEndpoints.stepUp.path, { password: 'not-my-password' }, BOTH);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.headers['content-encoding']).toBeUndefined();

    const confirm = await client.post(s.confirmTotp.path, { otp: computeTotp(secret, ctx.clock.now()) }, BOTH);
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.headers['content-encoding']).toBeUndefined();
    expect(s.confirmTotp.response.parse(confirm.json()).recovery_codes).toHaveLength(10);

    const again = await client.post(s.regenerateRecoveryCodes.path, undefined, BOTH);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['content-encoding']).toBeUndefined();
    expect(s.regenerateRecoveryCodes.response.parse(again.json()).recovery_codes).toHaveLength(10);
  });

  it('the session cookie-setting answers are not compressed', async () => {
    const client = new Client(ctx.app);
    const csrf = await client.get(authEndpoints.csrfCookie.path, BOTH);
    expect(csrf.headers['content-encoding']).toBeUndefined();
    const res = await client.post(
      authEndpoints.signUp.path,
      { email: 'breach@example.com', password: STRONG_PASSWORD, confirm_password: STRONG_PASSWORD },
      BOTH,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['set-cookie']).toBeDefined();
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
