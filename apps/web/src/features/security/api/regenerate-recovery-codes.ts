import type { PasswordConfirmationRequest, RecoveryCodesResponse } from '@remit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadApi } from '@/lib/api-loader';
import { mfaSettingsQueryKey } from './get-mfa-settings';

/** POST /client/v1/mfa/recovery-codes: replaces the recovery codes; needs the password. */
export async function regenerateRecoveryCodes(body: PasswordConfirmationRequest): Promise<RecoveryCodesResponse> {
  const { http, contract } = await loadApi();
  const endpoint = contract.securityEndpoints.regenerateRecoveryCodes;
  const res = await http.post<unknown>(endpoint.path, contract.PasswordConfirmationRequest.parse(body));
  return endpoint.response.parse(res.data);
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaSettingsQueryKey }),
  });
}
