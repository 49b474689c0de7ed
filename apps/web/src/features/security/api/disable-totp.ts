import type { MfaSettings } from '@remit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { mfaSettingsQueryKey } from './get-mfa-settings';

/**
 * POST /client/v1/mfa/totp/disable: back to email codes; needs a recent step-up
 * (docs/product/auth-and-sessions.md#step-up), which the app's dialog asks for.
 */
export const disableTotp = (): Promise<MfaSettings> =>
  callEndpoint((contract) => contract.securityEndpoints.disableTotp);

export function useDisableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => disableTotp(),
    onSuccess: (settings) => queryClient.setQueryData(mfaSettingsQueryKey, settings),
  });
}
