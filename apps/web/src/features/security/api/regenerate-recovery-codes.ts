import type { RecoveryCodesResponse } from '@remit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { mfaSettingsQueryKey } from './get-mfa-settings';

/**
 * POST /client/v1/mfa/recovery-codes: replaces the recovery codes; needs a recent
 * step-up (docs/product/auth-and-sessions.md#step-up), which the app's dialog asks for.
 */
export const regenerateRecoveryCodes = (): Promise<RecoveryCodesResponse> =>
  callEndpoint((contract) => contract.securityEndpoints.regenerateRecoveryCodes);

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => regenerateRecoveryCodes(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaSettingsQueryKey }),
  });
}
