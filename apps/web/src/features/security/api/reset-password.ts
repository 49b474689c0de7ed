import type { ResetPasswordRequest } from '@remit/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { getCsrfCookie } from '@/lib/csrf-cookie';

/**
 * POST /client/v1/reset-password, after the csrf cookie; `token` is the already-decoded token
 * (docs/product/auth-and-sessions.md#forgot-and-reset-password).
 */
export const resetPassword = (body: ResetPasswordRequest) =>
  getCsrfCookie().then(() => callEndpoint((contract) => contract.securityEndpoints.resetPassword, { body }));

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
