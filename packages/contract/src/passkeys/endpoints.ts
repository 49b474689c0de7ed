import { defineEndpoint } from '../common/endpoint.ts';
import { IdParams } from '../common/primitives.ts';
import { Customer } from '../entities/customer.ts';
import {
  Passkey,
  PasskeyAssertionRequest,
  PasskeyCreationOptions,
  PasskeyList,
  PasskeyRequestOptions,
  RegisterPasskeyRequest,
} from './schemas.ts';

/** The customer's passkeys, newest first (docs/product/auth-and-sessions.md#passkeys). */
export const listPasskeys = defineEndpoint({
  method: 'GET',
  path: '/client/v1/passkeys',
  summary: 'The passkeys of the customer',
  response: PasskeyList,
  auth: 'session',
});

/**
 * Options for `navigator.credentials.create`; the challenge is single use and bound to this session.
 * Needs a recent step-up.
 */
export const passkeyRegistrationOptions = defineEndpoint({
  method: 'POST',
  path: '/client/v1/passkeys/registration-options',
  summary: 'Start adding a passkey',
  response: PasskeyCreationOptions,
  auth: 'session',
});

/** Verifies the attestation against the session's challenge and stores the passkey. Needs a recent step-up. */
export const registerPasskey = defineEndpoint({
  method: 'POST',
  path: '/client/v1/passkeys',
  summary: 'Add a passkey',
  body: RegisterPasskeyRequest,
  response: Passkey,
  status: 201,
  auth: 'session',
});

/** Removes one of the customer's passkeys (404 for another customer's). Needs a recent step-up. */
export const deletePasskey = defineEndpoint({
  method: 'DELETE',
  path: '/client/v1/passkeys/:id',
  summary: 'Remove a passkey',
  params: IdParams,
  response: null,
  auth: 'session',
});

/**
 * Options for signing in with a discoverable passkey (no email asked). The challenge is single use
 * and bound to the browser that asked (a short-lived cookie).
 */
export const loginPasskeyOptions = defineEndpoint({
  method: 'POST',
  path: '/client/v1/login/passkey-options',
  summary: 'Start signing in with a passkey',
  response: PasskeyRequestOptions,
  auth: 'none',
});

/** Signs in with a passkey: answers like /client/v1/login, MFA complete (a passkey is both factors). */
export const loginWithPasskey = defineEndpoint({
  method: 'POST',
  path: '/client/v1/login/passkey',
  summary: 'Sign in with a passkey',
  body: PasskeyAssertionRequest,
  response: Customer,
  auth: 'none',
});

/**
 * After the password, while the session waits for its second factor (access pending-mfa): options for
 * one of the customer's passkeys.
 */
export const mfaPasskeyOptions = defineEndpoint({
  method: 'POST',
  path: '/client/v1/mfa/passkey-options',
  summary: 'Start the second factor with a passkey',
  response: PasskeyRequestOptions,
  auth: 'session',
});

/** Completes the session's MFA with a passkey of the same customer; answers like POST /client/v1/mfa. */
export const mfaWithPasskey = defineEndpoint({
  method: 'POST',
  path: '/client/v1/mfa/passkey',
  summary: 'Second factor with a passkey',
  body: PasskeyAssertionRequest,
  response: Customer,
  auth: 'session',
});
