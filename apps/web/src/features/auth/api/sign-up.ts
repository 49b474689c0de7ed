import type { Customer, SignUpRequest } from '@remit/contract';
import { callEndpoint } from '@/lib/call-endpoint';
import { getCsrfCookie } from '@/lib/csrf-cookie';

/**
 * POST /client/v1/signup, after the csrf cookie. The screen then stores the customer
 * (lib/customer-store, loaded on success; docs/product/auth-and-sessions.md#sign-up).
 */
export const signUp = (body: SignUpRequest): Promise<Customer> =>
  getCsrfCookie().then(() => callEndpoint((contract) => contract.authEndpoints.signUp, { body }));
