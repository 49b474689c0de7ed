import type { PasswordPolicy } from '@remit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callEndpoint } from './call-endpoint';
import { getAppQueryClient } from './query-client';

/**
 * GET /client/v1/password-policy, parsed with the contract. Shared by sign-up, reset and change
 * password (features must not import each other), so it lives here; features re-export it.
 */
export const getPasswordPolicy = (): Promise<PasswordPolicy> =>
  callEndpoint((contract) => contract.authEndpoints.getPasswordPolicy);

/** Fetched once and cached (docs/product/api.md#auth-calls). */
export const passwordPolicyQueryOptions = () =>
  queryOptions({
    queryKey: ['password-policy'],
    queryFn: getPasswordPolicy,
    staleTime: Infinity,
    gcTime: Infinity,
  });

/** The policy through the app's query client, for screens without a provider (sign-up). */
export function fetchPasswordPolicy(): Promise<PasswordPolicy> {
  return getAppQueryClient().fetchQuery(passwordPolicyQueryOptions());
}

/** The policy when it is cached already. */
export function cachedPasswordPolicy(): PasswordPolicy | undefined {
  return getAppQueryClient().getQueryData(passwordPolicyQueryOptions().queryKey);
}

/** A failure is only logged, never shown (docs/product/api.md#error-catalogue). */
export function usePasswordPolicy() {
  const query = useQuery(passwordPolicyQueryOptions());
  useEffect(() => {
    if (query.error) console.error('Could not load the password policy', query.error);
  }, [query.error]);
  return query;
}
