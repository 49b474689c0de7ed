import type { Customer, SignInRequest } from '@remit/contract';
import { loadApi } from '@/lib/api-loader';
import { getCsrfCookie } from './get-csrf-cookie';

/** POST /client/v1/login (after the csrf cookie), parsed with the contract.
 * Seed §4: the screen then stores the customer (lib/customer-store, loaded on success). */
export async function signIn(body: SignInRequest): Promise<Customer> {
  const { http, contract } = await loadApi();
  await getCsrfCookie();
  const res = await http.post<unknown>(contract.authEndpoints.signIn.path, contract.SignInRequest.parse(body));
  return contract.authEndpoints.signIn.response.parse(res.data);
}
