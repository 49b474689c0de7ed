import type { Customer, SignInRequest } from '@remit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadApi } from '@/lib/api-loader';
import { setCustomer } from '@/lib/customer-store';
import { getCsrfCookie } from './get-csrf-cookie';

/** POST /client/v1/login (after the csrf cookie), parsed with the contract. */
export async function signIn(body: SignInRequest): Promise<Customer> {
  const { http, contract } = await loadApi();
  await getCsrfCookie();
  const res = await http.post<unknown>(contract.authEndpoints.signIn.path, contract.SignInRequest.parse(body));
  return contract.authEndpoints.signIn.response.parse(res.data);
}

/** Seed §4: sign-in stores the customer. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (customer) => setCustomer(queryClient, customer),
  });
}
