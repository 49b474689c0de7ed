import type { MfaSettings, PasswordConfirmationRequest } from '@remit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { mfaSettingsQueryKey } from './get-mfa-settings';

/** POST /client/v1/mfa/totp/disable: back to email codes; needs the password. */
export const disableTotp = (body: PasswordConfirmationRequest): Promise<MfaSettings> =>
  callEndpoint((contract) => contract.securityEndpoints.disableTotp, { body });

export function useDisableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTotp,
    onSuccess: (settings) => queryClient.setQueryData(mfaSettingsQueryKey, settings),
  });
}
