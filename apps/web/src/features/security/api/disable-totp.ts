import type { MfaSettings, PasswordConfirmationRequest } from '@remit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadApi } from '@/lib/api-loader';
import { mfaSettingsQueryKey } from './get-mfa-settings';

/** POST /client/v1/mfa/totp/disable: back to email codes; needs the password. */
export async function disableTotp(body: PasswordConfirmationRequest): Promise<MfaSettings> {
  const { http, contract } = await loadApi();
  const endpoint = contract.securityEndpoints.disableTotp;
  const res = await http.post<unknown>(endpoint.path, contract.PasswordConfirmationRequest.parse(body));
  return endpoint.response.parse(res.data);
}

export function useDisableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTotp,
    onSuccess: (settings) => queryClient.setQueryData(mfaSettingsQueryKey, settings),
  });
}
