// Changing contact details asks for the password again when the last authentication is older than
// 10 minutes (docs/product/auth-and-sessions.md#password-again-after-10-minutes). The mobile number is
// the contact detail the api lets a customer change.
import {
  MessageBody,
  PASSWORD_CONFIRMATION_REQUIRED,
  ValidationErrorBody,
  authEndpoints,
  onboardingEndpoints,
} from '@remit/contract';
import { describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, useTestApp, type Client } from '../helpers.ts';
import { signedInCustomer } from './helpers.ts';

const ctx = useTestApp();
const GB = 826;
const path = onboardingEndpoints.updateMobileNumber.path;
const setNumber = (c: Client, mobile_number: string, password?: string) =>
  c.post(path, { mobile_number_country_id: GB, mobile_number, ...(password !== undefined ? { password } : {}) });
const mobileOf = async (c: Client) =>
  authEndpoints.getProfile.response.parse((await c.profile()).json()).account.mobile_number;
/** Time passes while the customer stays active (no idle sign-out). */
async function minutesLater(c: Client, minutes: number) {
  for (let m = 0; m < minutes; m += 5) {
    ctx.clock.advance(5 * 60_000);
    expect((await c.profile()).statusCode).toBe(200);
  }
}

describe('the password again after 10 minutes (changing the mobile number)', () => {
  it('the first number never needs it, however long after sign-in', async () => {
    const { client } = await signedInCustomer(ctx);
    await minutesLater(client, 15);
    expect((await setNumber(client, '07400 123456')).statusCode).toBe(200);
    expect(await mobileOf(client)).toBe('+447400123456');
  });

  it('within 10 minutes of signing in a change needs no password', async () => {
    const { client } = await signedInCustomer(ctx);
    expect((await setNumber(client, '07400 123456')).statusCode).toBe(200);
    ctx.clock.advance(9 * 60_000);
    expect((await setNumber(client, '07400 654321')).statusCode).toBe(200);
    expect(await mobileOf(client)).toBe('+447400654321');
  });

  it('later, a change asks for it (403), refuses a wrong one (422), takes the right one, then does not ask again for 10 minutes', async () => {
    const { client } = await signedInCustomer(ctx);
    expect((await setNumber(client, '07400 123456')).statusCode).toBe(200);
    await minutesLater(client, 15);

    const asked = await setNumber(client, '07400 654321');
    expect(asked.statusCode).toBe(403);
    expect(MessageBody.parse(asked.json())).toEqual({
      message: 'For your security, please enter your password to continue.',
      code: PASSWORD_CONFIRMATION_REQUIRED,
    });
    const wrong = await setNumber(client, '07400 654321', 'not-my-password');
    expect(wrong.statusCode).toBe(422);
    expect(ValidationErrorBody.parse(wrong.json()).errors).toEqual({
      password: ['The provided password is incorrect.'],
    });
    expect(await mobileOf(client)).toBe('+447400123456');

    expect((await setNumber(client, '07400 654321', STRONG_PASSWORD)).statusCode).toBe(200);
    expect(await mobileOf(client)).toBe('+447400654321');
    ctx.clock.advance(5 * 60_000);
    expect((await setNumber(client, '07400 111222')).statusCode).toBe(200);
  });

  it('sending the same number again is no change and needs nothing', async () => {
    const { client } = await signedInCustomer(ctx);
    expect((await setNumber(client, '07400 123456')).statusCode).toBe(200);
    await minutesLater(client, 15);
    expect((await setNumber(client, '+44 7400 123456')).statusCode).toBe(200);
  });

  it('five wrong passwords are throttled (429), the right one is refused meanwhile', async () => {
    const { client } = await signedInCustomer(ctx);
    expect((await setNumber(client, '07400 123456')).statusCode).toBe(200);
    await minutesLater(client, 15);
    for (let i = 0; i < 5; i++) expect((await setNumber(client, '07400 654321', `wrong-${i}`)).statusCode).toBe(422);
    const throttled = await setNumber(client, '07400 654321', STRONG_PASSWORD);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBeDefined();
    expect(await mobileOf(client)).toBe('+447400123456');
  });
});
