import { defineEndpoint } from '../common/endpoint.ts';
import { PasskeyRequestOptions } from '../passkeys/schemas.ts';
import { StepUpRequest, StepUpResponse } from './schemas.ts';

/**
 * Marks the session recently authenticated (10 minutes by default) with the password, an authenticator
 * code or a passkey.
 */
export const stepUp = defineEndpoint({
  method: 'POST',
  path: '/client/v1/step-up',
  summary: 'Confirm it is you before a sensitive action',
  body: StepUpRequest,
  response: StepUpResponse,
  auth: 'session',
});

/** Options for a step-up with one of the customer's passkeys (challenge bound to this session). */
export const stepUpPasskeyOptions = defineEndpoint({
  method: 'POST',
  path: '/client/v1/step-up/passkey-options',
  summary: 'Start a step-up with a passkey',
  response: PasskeyRequestOptions,
  auth: 'session',
});
