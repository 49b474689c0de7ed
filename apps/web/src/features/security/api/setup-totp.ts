import type { PasswordConfirmationRequest, TotpSetupResponse } from '@remit/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';

/** POST /client/v1/mfa/totp/setup: a new secret (not active until confirmed); needs the password. */
export const setupTotp = (body: PasswordConfirmationRequest): Promise<TotpSetupResponse> =>
  callEndpoint((contract) => contract.securityEndpoints.setupTotp, { body });

export function useSetupTotp() {
  return useMutation({ mutationFn: setupTotp });
}
