import type { PasswordConfirmationRequest, TotpSetupResponse } from '@remit/contract';
import { useMutation } from '@tanstack/react-query';
import { loadApi } from '@/lib/api-loader';

/** POST /client/v1/mfa/totp/setup: a new secret (not active until confirmed); needs the password. */
export async function setupTotp(body: PasswordConfirmationRequest): Promise<TotpSetupResponse> {
  const { http, contract } = await loadApi();
  const endpoint = contract.securityEndpoints.setupTotp;
  const res = await http.post<unknown>(endpoint.path, contract.PasswordConfirmationRequest.parse(body));
  return endpoint.response.parse(res.data);
}

export function useSetupTotp() {
  return useMutation({ mutationFn: setupTotp });
}
