import type { CodeSentResponse } from '@remit/contract';
import { loadApi } from '@/lib/api-loader';

/** POST /client/v1/resend-mfa-otp (email method): mails a new code, answers when the next is allowed. */
export async function resendMfaOtp(): Promise<CodeSentResponse> {
  const { http, contract } = await loadApi();
  const endpoint = contract.securityEndpoints.resendMfaOtp;
  const res = await http.post<unknown>(endpoint.path);
  return endpoint.response.parse(res.data);
}
