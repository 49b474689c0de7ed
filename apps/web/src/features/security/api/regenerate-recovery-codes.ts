import type { PasswordConfirmationRequest, RecoveryCodesResponse } from '@remit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { mfaSettingsQueryKey } from './get-mfa-settings';

/** POST /client/v1/mfa/recovery-codes: replaces the recovery codes; needs the password. */
export const regenerateRecoveryCodes = (body: PasswordConfirmationRequest): Promise<RecoveryCodesResponse> =>
  callEndpoint((contract) => contract.securityEndpoints.regenerateRecoveryCodes, { body });

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaSettingsQueryKey }),
  });
}
