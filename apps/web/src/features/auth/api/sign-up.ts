import type { Customer, SignUpRequest } from '@remit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadApi } from '@/lib/api-loader';
import { setCustomer } from '@/lib/customer-store';
import { getCsrfCookie } from './get-csrf-cookie';

/** POST /client/v1/signup (after the csrf cookie), parsed with the contract. */
export async function signUp(body: SignUpRequest): Promise<Customer> {
  const { http, contract } = await loadApi();
  await getCsrfCookie();
  const res = await http.post<unknown>(contract.authEndpoints.signUp.path, contract.SignUpRequest.parse(body));
  return contract.authEndpoints.signUp.response.parse(res.data);
}

/** Seed §4: sign-up stores the customer. */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: (customer) => setCustomer(queryClient, customer),
  });
}
