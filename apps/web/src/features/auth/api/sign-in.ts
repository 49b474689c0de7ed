import type { Customer, SignInRequest } from '@remit/contract';
import { callEndpoint } from '@/lib/call-endpoint';
import { getCsrfCookie } from '@/lib/csrf-cookie';

/**
 * POST /client/v1/login, after the csrf cookie. The screen then stores the customer
 * (lib/customer-store, loaded on success; docs/product/screens.md#after-sign-in).
 */
export const signIn = (body: SignInRequest): Promise<Customer> =>
  getCsrfCookie().then(() => callEndpoint((contract) => contract.authEndpoints.signIn, { body }));
