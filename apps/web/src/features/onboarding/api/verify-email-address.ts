import type { Customer, OtpRequest } from '@remit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { onCustomerSaved } from './customer-saved';

/** POST /client/v1/verify-email-address {otp}. */
export const verifyEmailAddress = (body: OtpRequest): Promise<Customer> =>
  callEndpoint((contract) => contract.securityEndpoints.verifyEmailAddress, { body });

export function useVerifyEmailAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmailAddress,
    onSuccess: (customer) => onCustomerSaved(queryClient, customer),
  });
}
