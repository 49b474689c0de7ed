import type { Customer, OtpRequest } from '@remit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadApi } from '@/lib/api-loader';
import { onCustomerSaved } from './customer-saved';

/** POST /client/v1/verify-email-address {otp}, parsed with the contract. */
export async function verifyEmailAddress(body: OtpRequest): Promise<Customer> {
  const { http, contract } = await loadApi();
  const endpoint = contract.securityEndpoints.verifyEmailAddress;
  const res = await http.post<unknown>(endpoint.path, contract.OtpRequest.parse(body));
  return endpoint.response.parse(res.data);
}

export function useVerifyEmailAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmailAddress,
    onSuccess: (customer) => onCustomerSaved(queryClient, customer),
  });
}
