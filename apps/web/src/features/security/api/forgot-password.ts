import type { ForgotPasswordRequest } from '@remit/contract';
import { useMutation } from '@tanstack/react-query';
import { loadApi } from '@/lib/api-loader';
import { getCsrfCookie } from './get-csrf-cookie';

/** POST /client/v1/forgot-password (after the csrf cookie). The answer is the same for any email. */
export async function forgotPassword(body: ForgotPasswordRequest): Promise<void> {
  const { http, contract } = await loadApi();
  await getCsrfCookie();
  await http.post(contract.securityEndpoints.forgotPassword.path, contract.ForgotPasswordRequest.parse(body));
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
