import type { Customer, OtpRequest } from '@remit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadApi } from '@/lib/api-loader';
import { setCustomer } from '@/lib/customer-store';

/** POST /client/v1/mfa: a six-digit code, or with the authenticator app a recovery code. */
export async function completeMfa(body: OtpRequest): Promise<Customer> {
  const { http, contract } = await loadApi();
  const endpoint = contract.securityEndpoints.completeMfa;
  const res = await http.post<unknown>(endpoint.path, contract.OtpRequest.parse(body));
  return endpoint.response.parse(res.data);
}

/** Seed §4: MFA answers the customer, which is stored. */
export function useCompleteMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeMfa,
    onSuccess: (customer) => setCustomer(queryClient, customer),
  });
}
