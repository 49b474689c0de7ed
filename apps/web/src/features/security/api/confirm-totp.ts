import type { OtpRequest, RecoveryCodesResponse } from '@remit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { mfaSettingsQueryKey } from './get-mfa-settings';

/** POST /client/v1/mfa/totp/confirm: a code from the app; answers the ten recovery codes (shown once). */
export const confirmTotp = (body: OtpRequest): Promise<RecoveryCodesResponse> =>
  callEndpoint((contract) => contract.securityEndpoints.confirmTotp, { body });

export function useConfirmTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTotp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaSettingsQueryKey }),
  });
}
