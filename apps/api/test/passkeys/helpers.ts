import {
  DeviceList,
  PasskeyList,
  buildPath,
  devicesEndpoints,
  passkeysEndpoints as e,
  type PasskeyAssertion,
} from '@remit/contract';
import { expect } from 'vitest';
import { SoftAuthenticator, type Tamper } from '../fixtures/soft-authenticator.ts';
import type { Client, TestContext } from '../helpers.ts';

export const NAME = 'MacBook Touch ID';

/** The authenticator of a browser on the api's origin (APP_URL). */
export const authenticatorFor = (ctx: TestContext) => new SoftAuthenticator(new URL(ctx.config.appUrl).origin);

/** Registration options for this session (answers the raw response when it is not 200). */
export async function creationOptions(client: Client) {
  const res = await client.post(e.passkeyRegistrationOptions.path);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { challenge: string; rp: { id: string; name: string }; user: { id: string; name: string } } & {
    excludeCredentials?: { id: string }[];
    authenticatorSelection?: Record<string, unknown>;
    attestation?: string;
  };
}

/** Adds a passkey through the two calls; answers the second call's response. */
export async function addPasskey(client: Client, authenticator: SoftAuthenticator, name = NAME, tamper: Tamper = {}) {
  const options = await creationOptions(client);
  return client.post(e.registerPasskey.path, { name, credential: authenticator.create(options, tamper) });
}

export async function listPasskeys(client: Client) {
  const res = await client.get(e.listPasskeys.path);
  expect(res.statusCode, res.body).toBe(200);
  return PasskeyList.parse(res.json()).data;
}

export const removePasskey = (client: Client, id: string) =>
  client.request('DELETE', buildPath(e.deletePasskey.path, { id }));

/** The sign-in options of this browser (sets its sign-in cookie). */
export async function loginOptions(client: Client) {
  await client.csrf();
  const res = await client.post(e.loginPasskeyOptions.path);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { challenge: string; rpId: string; allowCredentials?: unknown[]; userVerification?: string };
}

export const loginWith = (client: Client, credential: PasskeyAssertion) =>
  client.post(e.loginWithPasskey.path, { credential });

export async function devicesOf(client: Client) {
  const res = await client.get(devicesEndpoints.listDevices.path);
  expect(res.statusCode, res.body).toBe(200);
  return DeviceList.parse(res.json()).devices;
}

export { buildPath };
