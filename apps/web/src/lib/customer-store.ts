import type { Customer } from '@remit/contract';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { callEndpoint } from './call-endpoint';
import { profileQueryKey } from './customer-cache';
import { getAppQueryClient } from './query-client';

/**
 * The current customer (docs/product/auth-and-sessions.md#states-and-transitions) is shared by
 * every feature, so it lives here, on TanStack Query: sign-up and sign-in store it, logout clears
 * it, refreshProfile() reloads it. Sign-in and sign-up load this module (and TanStack with it) when
 * they succeed, so it stays out of their bundle.
 */
export { clearCustomer, profileQueryKey } from './customer-cache';

/** GET /client/v1/profile. */
export const fetchProfile = (): Promise<Customer> => callEndpoint((contract) => contract.authEndpoints.getProfile);

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: profileQueryKey,
    queryFn: fetchProfile,
    staleTime: 60_000,
    retry: false,
  });

export function setCustomer(queryClient: QueryClient, customer: Customer): void {
  queryClient.setQueryData(profileQueryKey, customer);
}

/**
 * Sign-in and sign-up store the customer in the app's query client
 * (docs/product/auth-and-sessions.md#states-and-transitions).
 */
export function storeCustomer(customer: Customer): void {
  setCustomer(getAppQueryClient(), customer);
}

export function getCustomer(queryClient: QueryClient): Customer | undefined {
  return queryClient.getQueryData(profileQueryKey);
}

const inFlight = new WeakMap<QueryClient, Promise<Customer>>();

/**
 * Reload the profile. De-duplicated (docs/product/auth-and-sessions.md#states-and-transitions): a
 * call made while one runs gets the same promise.
 */
export function refreshProfile(queryClient: QueryClient): Promise<Customer> {
  const running = inFlight.get(queryClient);
  if (running) return running;
  const promise = queryClient
    .fetchQuery({ ...profileQueryOptions(), staleTime: 0 })
    .finally(() => inFlight.delete(queryClient));
  inFlight.set(queryClient, promise);
  return promise;
}

/** The stored customer, fetched when not there yet. */
export function useCustomer() {
  return useQuery(profileQueryOptions());
}

/**
 * After sign-in, MFA when the email is verified and the session has an MFA method
 * (docs/product/screens.md#after-sign-in).
 */
export function needsMultiFactorAuth(customer: Customer): boolean {
  return customer.account.is_email_verified && Boolean(customer.session?.mfa_method);
}
