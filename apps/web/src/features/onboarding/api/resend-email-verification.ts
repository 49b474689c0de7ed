import type { CodeSentResponse } from '@remit/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';

/** POST /client/v1/resend-email-verification: mails a new code; answers when the next resend is allowed. */
export const resendEmailVerification = (): Promise<CodeSentResponse> =>
  callEndpoint((contract) => contract.securityEndpoints.resendEmailVerification);

export function useResendEmailVerification() {
  return useMutation({ mutationFn: resendEmailVerification });
}
