/**
 * Signing in with a passkey (docs/product/auth-and-sessions.md#passkeys). In the sign-in page's
 * bundle: no TanStack Query, and the contract only as types (callEndpoint picks the endpoint once
 * the api layer has loaded).
 */
import type { Customer, PasskeyAssertion, PasskeyRequestOptions } from '@remit/contract';
import { callEndpoint } from '@/lib/call-endpoint';
import { getCsrfCookie } from '@/lib/csrf-cookie';

/** POST /client/v1/login/passkey-options, after the csrf cookie: a discoverable-credential challenge. */
export const loginPasskeyOptions = (): Promise<PasskeyRequestOptions> =>
  getCsrfCookie().then(() => callEndpoint((contract) => contract.passkeysEndpoints.loginPasskeyOptions));

/** POST /client/v1/login/passkey: answers the customer like POST /client/v1/login, MFA complete. */
export const loginWithPasskey = (credential: PasskeyAssertion): Promise<Customer> =>
  callEndpoint((contract) => contract.passkeysEndpoints.loginWithPasskey, { body: { credential } });
