// One step-up for every sensitive action (docs/product/auth-and-sessions.md#step-up): without a recent
// one each action answers 403 step_up_required with the customer's factors; POST /client/v1/step-up
// with one factor marks the session for 10 minutes. Transfers have their own tests
// (transfers/transactions.test.ts), passkeys theirs (passkeys/).
import {
  MessageBody,
  STEP_UP_REQUIRED,
  ValidationErrorBody,
  authEndpoints,
  buildPath,
  onboardingEndpoints,
  passkeysEndpoints,
  recipientsEndpoints,
  securityEndpoints,
  stepUpEndpoints,
  trackingEndpoints,
} from '@remit/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, uniqueEmail, useTestApp, type Client } from '../helpers.ts';
import { KE_WALLET, M_PESA, confirm, everyoneMaySend, quote, recipient } from '../transfers/helpers.ts';
import type { SoftAuthenticator } from '../fixtures/soft-authenticator.ts';
import { addPasskey, authenticatorFor } from '../passkeys/helpers.ts';
import { computeTotp, signedInCustomer } from './helpers.ts';

const ctx = useTestApp();
const GB = 826;
const STEP_UP = stepUpEndpoints.stepUp.path;
const setNumber = (c: Client, mobile_number: string) =>
  c.post(onboardingEndpoints.updateMobileNumber.path, { mobile_number_country_id: GB, mobile_number });
const mobileOf = async (c: Client) =>
  authEndpoints.getProfile.response.parse((await c.profile()).json()).account.mobile_number;
/** Time passes while the customer stays active (no idle sign-out). */
async function minutesLater(c: Client, minutes: number) {
  for (let m = 0; m < minutes; m += 5) {
    ctx.clock.advance(5 * 60_000);
    expect((await c.profile()).statusCode).toBe(200);
  }
}
function asked(res: { statusCode: number; body: string; json(): unknown }) {
  expect(res.statusCode, res.body).toBe(403);
  const body = MessageBody.parse(res.json());
  expect(body.code).toBe(STEP_UP_REQUIRED);
  return body;
}

beforeEach(() => {
  everyoneMaySend(ctx);
});

describe('every protected action refuses without a recent step-up and succeeds after one', () => {
  type Answer = Awaited<ReturnType<Client['post']>>;
  type Action = { name: string; prepare: (c: Client) => Promise<() => Promise<Answer>> };
  const actions: Action[] = [
    {
      name: 'add a recipient',
      prepare: async (c) => () => c.post(recipientsEndpoints.createRecipient.path, M_PESA),
    },
    {
      name: 'edit a recipient',
      prepare: async (c) => {
        const r = await recipient(c, M_PESA);
        return () => c.request('PUT', buildPath(recipientsEndpoints.updateRecipient.path, { id: r.id }), M_PESA);
      },
    },
    {
      name: 'delete a recipient',
      prepare: async (c) => {
        const r = await recipient(c, M_PESA);
        return () => c.request('DELETE', buildPath(recipientsEndpoints.deleteRecipient.path, { id: r.id }));
      },
    },
    {
      name: "reveal a recipient's account details",
      prepare: async (c) => {
        const r = await recipient(c, M_PESA);
        return () => c.post(buildPath(recipientsEndpoints.revealRecipient.path, { id: r.id }));
      },
    },
    {
      name: 'change the mobile number',
      prepare: async (c) => {
        expect((await setNumber(c, '07400 123456')).statusCode).toBe(200);
        return () => setNumber(c, '07400 654321');
      },
    },
    {
      name: 'change the email address',
      prepare: async (c) => () => c.post(securityEndpoints.changeEmail.path, { email: uniqueEmail('moved') }),
    },
    {
      name: 'turn on the authenticator app',
      prepare: async (c) => () => c.post(securityEndpoints.setupTotp.path),
    },
    {
      name: 'add a passkey',
      prepare: async (c) => () => c.post(passkeysEndpoints.passkeyRegistrationOptions.path),
    },
    {
      name: 'remove a passkey',
      prepare: async (c) => {
        expect((await addPasskey(c, authenticatorFor(ctx), 'Old phone')).statusCode).toBe(201);
        const [passkey] = (await c.get(passkeysEndpoints.listPasskeys.path)).json().data as { id: string }[];
        return () => c.request('DELETE', buildPath(passkeysEndpoints.deletePasskey.path, { id: passkey!.id }));
      },
    },
    {
      name: 'create a tracking link',
      prepare: async (c) => {
        const q = await quote(c, { ...KE_WALLET, source_amount: '10000' });
        const r = await recipient(c, M_PESA);
        const res = await confirm(c, { quote_id: q.id, recipient_id: r.id, purpose: 'gift' });
        expect(res.statusCode, res.body).toBe(201);
        const id = (res.json() as { id: string }).id;
        return () => c.post(buildPath(trackingEndpoints.createTrackingLink.path, { id }));
      },
    },
  ];

  /** The factors a customer can step up with, each set up while the sign-in is recent. */
  const factors = {
    password: { setUp: async () => undefined, answer: async () => ({ password: STRONG_PASSWORD }) },
    totp: {
      setUp: async (c: Client) => {
        const { secret } = securityEndpoints.setupTotp.response.parse(
          (await c.post(securityEndpoints.setupTotp.path)).json(),
        );
        const on = await c.post(securityEndpoints.confirmTotp.path, { otp: computeTotp(secret, ctx.clock.now()) });
        expect(on.statusCode, on.body).toBe(200);
        return secret;
      },
      answer: async (_c: Client, secret: string) => ({ otp: computeTotp(secret, ctx.clock.now()) }),
    },
    passkey: {
      setUp: async (c: Client) => {
        const authenticator = authenticatorFor(ctx);
        expect((await addPasskey(c, authenticator)).statusCode).toBe(201);
        return authenticator;
      },
      answer: async (c: Client, authenticator: SoftAuthenticator) => {
        const options = await c.post(stepUpEndpoints.stepUpPasskeyOptions.path);
        expect(options.statusCode, options.body).toBe(200);
        return { passkey: authenticator.get(options.json() as { challenge: string }) };
      },
    },
  } as const;

  for (const action of actions) {
    for (const [factor, how] of Object.entries(factors) as [
      keyof typeof factors,
      (typeof factors)[keyof typeof factors],
    ][]) {
      if (factor === 'totp' && action.name === 'turn on the authenticator app') continue; // it is on already
      it(`${action.name}: 403 step_up_required after 10 minutes, 2xx after a step-up with ${factor}`, async () => {
        const { client } = await signedInCustomer(ctx);
        const secret = await how.setUp(client);
        const act = await action.prepare(client);
        await minutesLater(client, 15);
        expect(asked(await act()).factors).toContain(factor);
        if (factor === 'password') {
          const wrong = await client.post(STEP_UP, { password: 'not-my-password' });
          expect(ValidationErrorBody.parse(wrong.json()).errors).toEqual({
            password: ['The provided password is incorrect.'],
          });
          asked(await act());
        }
        const stepped = await client.post(
          STEP_UP,
          await (how.answer as (c: Client, s: unknown) => Promise<object>)(client, secret),
        );
        expect(stepped.statusCode, stepped.body).toBe(200);
        expect(stepUpEndpoints.stepUp.response.parse(stepped.json())).toEqual({
          factor,
          expires_at: new Date(ctx.clock.now().getTime() + 10 * 60_000).toISOString(),
        });
        const done = await act();
        expect(done.statusCode, done.body).toBeLessThan(300);
      });
    }
  }
});

describe('the step-up itself', () => {
  it('lasts 10 minutes from the step-up, then asks again', async () => {
    const { client } = await signedInCustomer(ctx);
    expect((await setNumber(client, '07400 123456')).statusCode).toBe(200);
    await minutesLater(client, 15);
    await client.stepUp();
    ctx.clock.advance(9 * 60_000);
    expect((await setNumber(client, '07400 654321')).statusCode).toBe(200);
    ctx.clock.advance(2 * 60_000);
    asked(await setNumber(client, '07400 111222'));
    expect(await mobileOf(client)).toBe('+447400654321');
  });

  it('signing in counts as a step-up for 10 minutes; the first mobile number and the same number never ask', async () => {
    const { client } = await signedInCustomer(ctx);
    await minutesLater(client, 15);
    expect((await setNumber(client, '07400 123456')).statusCode).toBe(200);
    expect((await setNumber(client, '+44 7400 123456')).statusCode).toBe(200);
    const fresh = (await signedInCustomer(ctx)).client;
    expect((await setNumber(fresh, '07400 123456')).statusCode).toBe(200);
    ctx.clock.advance(9 * 60_000);
    expect((await setNumber(fresh, '07400 654321')).statusCode).toBe(200);
  });

  it('takes exactly one factor', async () => {
    const { client } = await signedInCustomer(ctx);
    for (const body of [{}, { password: STRONG_PASSWORD, otp: '123456' }, { scope: 'x' }]) {
      const res = await client.post(STEP_UP, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
  });

  it('an authenticator code is a factor once the app is on (not before); a used code is refused', async () => {
    const { client } = await signedInCustomer(ctx);
    const none = await client.post(STEP_UP, { otp: '123456' });
    expect(ValidationErrorBody.parse(none.json()).errors).toEqual({ otp: ['Your account has no authenticator app.'] });
    const setup = securityEndpoints.setupTotp.response.parse(
      (await client.post(securityEndpoints.setupTotp.path)).json(),
    );
    const code = computeTotp(setup.secret, ctx.clock.now());
    expect((await client.post(securityEndpoints.confirmTotp.path, { otp: code })).statusCode).toBe(200);
    await minutesLater(client, 15);
    expect(asked(await client.post(securityEndpoints.disableTotp.path)).factors).toEqual(['password', 'totp']);
    // the step enrolment used is spent
    expect((await client.post(STEP_UP, { otp: code })).statusCode).toBe(422);
    const next = computeTotp(setup.secret, new Date(ctx.clock.now().getTime()));
    const ok = await client.post(STEP_UP, { otp: next });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(stepUpEndpoints.stepUp.response.parse(ok.json()).factor).toBe('totp');
    expect((await client.post(STEP_UP, { otp: next })).statusCode).toBe(422);
    expect((await client.post(securityEndpoints.disableTotp.path)).statusCode).toBe(200);
  });

  it('five wrong passwords are throttled (429 with Retry-After); the right one is refused meanwhile', async () => {
    const { client } = await signedInCustomer(ctx);
    expect((await setNumber(client, '07400 123456')).statusCode).toBe(200);
    await minutesLater(client, 15);
    for (let i = 0; i < 5; i++) expect((await client.post(STEP_UP, { password: `wrong-${i}` })).statusCode).toBe(422);
    const throttled = await client.post(STEP_UP, { password: STRONG_PASSWORD });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBeDefined();
    asked(await setNumber(client, '07400 654321'));
    expect(await mobileOf(client)).toBe('+447400123456');
  });

  it('needs a signed-in session (401 without one)', async () => {
    const { client } = await signedInCustomer(ctx);
    await client.post(authEndpoints.signOut.path);
    expect((await client.post(STEP_UP, { password: STRONG_PASSWORD })).statusCode).toBe(401);
  });
});
