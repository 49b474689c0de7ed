import type { Customer, SignUpRequest } from '@remit/contract';
import { loadApi } from '@/lib/api-loader';
import { getCsrfCookie } from './get-csrf-cookie';

/** POST /client/v1/signup (after the csrf cookie), parsed with the contract.
 * Seed §4: the screen then stores the customer (lib/customer-store, loaded on success). */
export async function signUp(body: SignUpRequest): Promise<Customer> {
  const { http, contract } = await loadApi();
  await getCsrfCookie();
  const res = await http.post<unknown>(contract.authEndpoints.signUp.path, contract.SignUpRequest.parse(body));
  return contract.authEndpoints.signUp.response.parse(res.data);
}
