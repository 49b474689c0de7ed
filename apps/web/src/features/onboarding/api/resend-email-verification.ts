import type { CodeSentResponse } from '@remit/contract';
import { useMutation } from '@tanstack/react-query';
import { loadApi } from '@/lib/api-loader';

/** POST /client/v1/resend-email-verification: mails a new code; answers when the next resend is allowed. */
export async function resendEmailVerification(): Promise<CodeSentResponse> {
  const { http, contract } = await loadApi();
  const endpoint = contract.securityEndpoints.resendEmailVerification;
  const res = await http.post<unknown>(endpoint.path);
  return endpoint.response.parse(res.data);
}

export function useResendEmailVerification() {
  return useMutation({ mutationFn: resendEmailVerification });
}
