import type { CodeSentResponse } from '@remit/contract';
import { callEndpoint } from '@/lib/call-endpoint';

/** POST /client/v1/resend-mfa-otp (email method): mails a new code, answers when the next is allowed. */
export const resendMfaOtp = (): Promise<CodeSentResponse> =>
  callEndpoint((contract) => contract.securityEndpoints.resendMfaOtp);
