import type { TotpSetupResponse } from '@remit/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';

/**
 * POST /client/v1/mfa/totp/setup: a new secret (not active until confirmed); needs a recent step-up
 * (docs/product/auth-and-sessions.md#step-up), which the app's dialog asks for.
 */
export const setupTotp = (): Promise<TotpSetupResponse> =>
  callEndpoint((contract) => contract.securityEndpoints.setupTotp);

export function useSetupTotp() {
  return useMutation({ mutationFn: () => setupTotp() });
}
