// Using a passkey (docs/product/auth-and-sessions.md#passkeys): signing in with it (both factors,
// no email asked), as the second factor after the password, and to step up; counters that go back
// (a cloned authenticator) are refused; a stranger learns nothing about which passkeys exist.
import {
  ValidationErrorBody,
  authEndpoints,
  passkeysEndpoints as e,
  securityEndpoints,
  stepUpEndpoints,
} from '@remit/contract';
import { describe, expect, it, vi } from 'vitest';
import type { SoftAuthenticator } from '../fixtures/soft-authenticator.ts';
import { Client, codeFrom, useTestApp } from '../helpers.ts';
import { lastMailTo, signedInCustomer } from '../security/helpers.ts';
import { NAME, addPasskey, authenticatorFor, devicesOf, listPasskeys, loginOptions, loginWith } from './helpers.ts';

const ctx = useTestApp();
const NOT_VERIFIED = 'This passkey could not be verified. Try again.';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0';

/** A signed-in customer (email MFA) with one passkey. */
async function customerWithPasskey() {
  const signedIn = await signedInCustomer(ctx);
  const authenticator = authenticatorFor(ctx);
  const res = await addPasskey(signedIn.client, authenticator);
  expect(res.statusCode, res.body).toBe(201);
  return { ...signedIn, authenticator, passkey: e.registerPasskey.response.parse(res.json()) };
}

/** A browser never used by the customer. */
function newBrowser(): Client {
  const client = new Client(ctx.app);
  client.userAgent = FIREFOX_LINUX;
  client.ip = '10.0.0.9';
  return client;
}

async function signInWith(client: Client, authenticator: SoftAuthenticator) {
  const options = await loginOptions(client);
  return loginWith(client, authenticator.get(options));
}

function refusedWith(res: { statusCode: number; body: string; json(): unknown }, message = NOT_VERIFIED) {
  expect(res.statusCode, res.body).toBe(422);
  expect(ValidationErrorBody.parse(res.json())).toEqual({ message, errors: { credential: [message] } });
}

describe('signing in with a passkey', () => {
  it('starts a session with MFA complete, names the passkey on the device and in the new-device mail', async () => {
    const { authenticator, email, passkey } = await customerWithPasskey();
    const browser = newBrowser();
    const options = await loginOptions(browser);
    expect(options.allowCredentials ?? []).toEqual([]); // discoverable: no email asked, nothing listed
    expect(options.userVerification).toBe('required');
    expect(options.rpId).toBe(new URL(ctx.config.appUrl).hostname);
    expect(browser.cookies.get('remit_passkey_login')).toBeTruthy();

    ctx.clock.advance(1000);
    const res = await loginWith(browser, authenticator.get(options));
    expect(res.statusCode, res.body).toBe(200);
    const customer = e.loginWithPasskey.response.parse(res.json());
    expect(customer.session!.is_mfa_completed).toBe(true);
    expect(customer.session!.mfa_method).toBe('email');
    const cookie = res.cookies.find((c) => c.name === 'remit_passkey_login');
    expect(cookie?.value ?? '').toBe(''); // the sign-in cookie is cleared
    expect(res.cookies.some((c) => c.name === 'remit_device' && c.value)).toBe(true);

    const profile = await browser.profile();
    expect(profile.statusCode).toBe(200);
    expect(authEndpoints.getProfile.response.parse(profile.json()).account.email).toBe(email);

    const devices = await devicesOf(browser);
    expect(devices.find((d) => d.is_current)?.passkey_name).toBe(NAME);
    expect(devices.filter((d) => !d.is_current).every((d) => d.passkey_name === null)).toBe(true);
    const [used] = await listPasskeys(browser);
    expect(used).toMatchObject({ id: passkey.id, last_used_at: ctx.clock.now().toISOString() });

    await ctx.app.services.mail.idle();
    const mail = await lastMailTo(ctx, email, 'New sign-in to your account');
    expect(mail.text).toContain(`The sign-in was made with the passkey “${NAME}”.`);
  });

  it('words the new-device mail in French', async () => {
    const { authenticator, email } = await customerWithPasskey();
    const browser = newBrowser();
    const options = await loginOptions(browser);
    const res = await browser.post(
      e.loginWithPasskey.path,
      { credential: authenticator.get(options) },
      {
        'accept-language': 'fr',
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    await ctx.app.services.mail.idle();
    const mail = await lastMailTo(ctx, email, 'Nouvelle connexion à votre compte');
    expect(mail.text).toContain(`La connexion a été faite avec la clé d’accès « ${NAME} ».`);
  });

  it('answers the same for an unknown passkey, a bad signature, another browser’s challenge or none', async () => {
    const { authenticator } = await customerWithPasskey();
    const stranger = authenticatorFor(ctx); // never registered
    const browser = newBrowser();
    const answers = [
      await signInWith(browser, stranger),
      await loginWith(browser, authenticator.get(await loginOptions(browser), { wrongKey: true })),
      await loginWith(browser, authenticator.get(await loginOptions(browser), { credentialId: stranger.credentialId })),
    ];
    // a challenge given to another browser (its cookie stays there)
    const other = newBrowser();
    const theirs = await loginOptions(other);
    answers.push(await loginWith(browser, authenticator.get(theirs)));
    // no options asked at all
    const bare = newBrowser();
    await bare.csrf();
    answers.push(await loginWith(bare, authenticator.get({ challenge: theirs.challenge })));
    for (const res of answers) refusedWith(res);
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    expect((await browser.profile()).statusCode).toBe(401);
  });

  it('refuses another origin, no user verification, and a challenge answered twice', async () => {
    const { authenticator } = await customerWithPasskey();
    const browser = newBrowser();
    refusedWith(
      await loginWith(browser, authenticator.get(await loginOptions(browser), { origin: 'https://evil.example' })),
    );
    refusedWith(await loginWith(browser, authenticator.get(await loginOptions(browser), { userVerified: false })));

    const options = await loginOptions(browser);
    const assertion = authenticator.get(options);
    const cookie = browser.cookies.get('remit_passkey_login')!;
    expect((await loginWith(browser, assertion)).statusCode).toBe(200);
    const replay = newBrowser();
    await replay.csrf();
    replay.cookies.set('remit_passkey_login', cookie);
    refusedWith(await loginWith(replay, assertion));
  });

  it('refuses a cloned authenticator (its counter does not increase) and logs it', async () => {
    const { authenticator } = await customerWithPasskey();
    const clone = authenticator.clone();
    expect((await signInWith(newBrowser(), authenticator)).statusCode).toBe(200);
    expect((await signInWith(newBrowser(), authenticator)).statusCode).toBe(200); // counter 2 stored
    const warn = vi.spyOn(ctx.app.log, 'warn');
    const res = await signInWith(newBrowser(), clone); // counter 1 again
    refusedWith(
      res,
      'This passkey was refused: it may have been copied. Sign in another way and remove it from your passkeys.',
    );
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ purpose: 'login', stored: 2, presented: 1 }),
      expect.stringContaining('cloned authenticator'),
    );
    warn.mockRestore();
    // the same counter twice (a replay with a new challenge) is refused as well
    const browser = newBrowser();
    const options = await loginOptions(browser);
    expect((await loginWith(browser, authenticator.get(options, { counter: 2 }))).statusCode).toBe(422);
  });

  it('forgets a removed passkey: its sessions go on unnamed, it signs in no more', async () => {
    const { authenticator, client, passkey } = await customerWithPasskey();
    const browser = newBrowser();
    expect((await signInWith(browser, authenticator)).statusCode).toBe(200);
    expect((await client.request('DELETE', `/client/v1/passkeys/${passkey.id}`)).statusCode).toBe(204);
    // the session signed in with it goes on, no longer naming it
    expect((await devicesOf(browser)).find((d) => d.is_current)?.passkey_name).toBeNull();
    refusedWith(await signInWith(newBrowser(), authenticator));
  });
});

describe('a passkey as the second factor', () => {
  it('completes MFA after the password like a code: session rotated, the device names the passkey', async () => {
    const { authenticator, email } = await customerWithPasskey();
    const browser = newBrowser();
    const pending = await browser.signIn(email);
    expect(pending.session!.is_mfa_completed).toBe(false);
    const before = browser.cookies.get('remit_session');

    const optionsRes = await browser.post(e.mfaPasskeyOptions.path);
    expect(optionsRes.statusCode, optionsRes.body).toBe(200);
    const options = optionsRes.json() as { challenge: string; allowCredentials: { id: string }[] };
    expect(options.allowCredentials.map((c) => c.id)).toEqual([authenticator.credentialId]);

    const res = await browser.post(e.mfaWithPasskey.path, { credential: authenticator.get(options) });
    expect(res.statusCode, res.body).toBe(200);
    expect(e.mfaWithPasskey.response.parse(res.json()).session!.is_mfa_completed).toBe(true);
    expect(browser.cookies.get('remit_session')).not.toBe(before);
    expect((await browser.profile()).statusCode).toBe(200);
    expect((await devicesOf(browser)).find((d) => d.is_current)?.passkey_name).toBe(NAME);
    // nothing pending any more
    expect((await browser.post(e.mfaPasskeyOptions.path)).statusCode).toBe(409);
  });

  it('refuses another customer’s passkey and counts it like a wrong code', async () => {
    const mine = await customerWithPasskey();
    const theirs = await customerWithPasskey();
    const browser = newBrowser();
    await browser.signIn(mine.email);
    const options = (await browser.post(e.mfaPasskeyOptions.path)).json() as { challenge: string };
    refusedWith(await browser.post(e.mfaWithPasskey.path, { credential: theirs.authenticator.get(options) }));
    expect((await browser.profile()).statusCode).toBe(403);
    const row = await ctx.store.get(
      (await import('../../src/lib/throttle/index.ts')).bucket('mfa:account', mine.customer.id, ctx.config.mfaThrottle)
        .key,
    );
    expect(row?.count).toBe(1);
    // the mailed code still works
    const code = codeFrom((await lastMailTo(ctx, mine.email, 'Your sign-in code')).text);
    expect((await browser.post(securityEndpoints.completeMfa.path, { otp: code })).statusCode).toBe(200);
  });

  it('is refused for a customer with no passkey', async () => {
    const { email } = await signedInCustomer(ctx);
    const browser = newBrowser();
    await browser.signIn(email);
    const res = await browser.post(e.mfaPasskeyOptions.path);
    expect(res.statusCode).toBe(422);
    expect(ValidationErrorBody.parse(res.json()).errors.credential).toEqual(['Your account has no passkey.']);
  });
});

describe('a passkey to step up', () => {
  it('marks the session; a wrong passkey is 422 on passkey', async () => {
    const { authenticator, client } = await customerWithPasskey();
    const stranger = authenticatorFor(ctx);
    const ask = async () => {
      const res = await client.post(stepUpEndpoints.stepUpPasskeyOptions.path);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { challenge: string; allowCredentials: { id: string }[] };
    };
    const wrong = await client.post(stepUpEndpoints.stepUp.path, { passkey: stranger.get(await ask()) });
    expect(wrong.statusCode, wrong.body).toBe(422);
    expect(ValidationErrorBody.parse(wrong.json()).errors.passkey).toEqual([NOT_VERIFIED]);

    const options = await ask();
    expect(options.allowCredentials.map((c) => c.id)).toEqual([authenticator.credentialId]);
    const res = await client.post(stepUpEndpoints.stepUp.path, { passkey: authenticator.get(options) });
    expect(res.statusCode, res.body).toBe(200);
    expect(stepUpEndpoints.stepUp.response.parse(res.json()).factor).toBe('passkey');
  });
});
