import type { PasskeyRequestOptions, StepUpRequest, StepUpResponse } from '@remit/contract';
import { callEndpoint } from '@/lib/call-endpoint';

/**
 * POST /client/v1/step-up: one factor (password, authenticator code or passkey assertion) and the
 * scope the 403 carried (docs/product/auth-and-sessions.md#step-up). A wrong factor is a 422 on its
 * field; too many tries, 429.
 */
export const stepUp = (body: StepUpRequest): Promise<StepUpResponse> =>
  callEndpoint((contract) => contract.stepUpEndpoints.stepUp, { body });

/** POST /client/v1/step-up/passkey-options: the options for the browser's passkey prompt. */
export const stepUpPasskeyOptions = (): Promise<PasskeyRequestOptions> =>
  callEndpoint((contract) => contract.stepUpEndpoints.stepUpPasskeyOptions);
