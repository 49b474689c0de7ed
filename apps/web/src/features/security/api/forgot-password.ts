import type { ForgotPasswordRequest } from '@remit/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { getCsrfCookie } from '@/lib/csrf-cookie';

/** POST /client/v1/forgot-password, after the csrf cookie. The answer is the same for any email. */
export const forgotPassword = (body: ForgotPasswordRequest) =>
  getCsrfCookie().then(() => callEndpoint((contract) => contract.securityEndpoints.forgotPassword, { body }));

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
