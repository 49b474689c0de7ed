import type { OtpRequest, RecoveryCodesResponse } from '@remit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadApi } from '@/lib/api-loader';
import { mfaSettingsQueryKey } from './get-mfa-settings';

/** POST /client/v1/mfa/totp/confirm: a code from the app; answers the ten recovery codes (shown once). */
export async function confirmTotp(body: OtpRequest): Promise<RecoveryCodesResponse> {
  const { http, contract } = await loadApi();
  const endpoint = contract.securityEndpoints.confirmTotp;
  const res = await http.post<unknown>(endpoint.path, contract.OtpRequest.parse(body));
  return endpoint.response.parse(res.data);
}

export function useConfirmTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTotp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaSettingsQueryKey }),
  });
}
