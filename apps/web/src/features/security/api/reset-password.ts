import type { ResetPasswordRequest } from '@remit/contract';
import { useMutation } from '@tanstack/react-query';
import { loadApi } from '@/lib/api-loader';
import { getCsrfCookie } from './get-csrf-cookie';

/** POST /client/v1/reset-password (after the csrf cookie); `token` is the already-decoded token (seed §5). */
export async function resetPassword(body: ResetPasswordRequest): Promise<void> {
  const { http, contract } = await loadApi();
  await getCsrfCookie();
  await http.post(contract.securityEndpoints.resetPassword.path, contract.ResetPasswordRequest.parse(body));
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
