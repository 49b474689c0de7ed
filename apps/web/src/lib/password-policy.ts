import type { PasswordPolicy } from '@remit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { loadApi } from '@/lib/api-loader';
import { getAppQueryClient } from './query-client';

/**
 * GET /client/v1/password-policy, parsed with the contract. Shared by sign-up, reset and change
 * password (features must not import each other), so it lives here; features re-export it.
 */
export async function getPasswordPolicy(): Promise<PasswordPolicy> {
  const { http, contract } = await loadApi();
  const res = await http.get<unknown>(contract.authEndpoints.getPasswordPolicy.path);
  return contract.authEndpoints.getPasswordPolicy.response.parse(res.data);
}

/** Seed §7: fetched once and cached. */
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

/** Seed §8: a failure is only logged, never shown. */
export function usePasswordPolicy() {
  const query = useQuery(passwordPolicyQueryOptions());
  useEffect(() => {
    if (query.error) console.error('Could not load the password policy', query.error);
  }, [query.error]);
  return query;
}
