import type { Customer, OtpRequest } from '@remit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { setCustomer } from '@/lib/customer-store';

/** POST /client/v1/mfa: a six-digit code, or with the authenticator app a recovery code. */
export const completeMfa = (body: OtpRequest): Promise<Customer> =>
  callEndpoint((contract) => contract.securityEndpoints.completeMfa, { body });

/** MFA answers the customer, which is stored (docs/product/auth-and-sessions.md#mfa). */
export function useCompleteMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeMfa,
    onSuccess: (customer) => setCustomer(queryClient, customer),
  });
}
