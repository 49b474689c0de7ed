import type { Country } from '@remit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadApi } from '@/lib/api-loader';

/** GET /client/v1/countries, parsed with the contract. */
export async function listCountries(): Promise<Country[]> {
  const { http, contract } = await loadApi();
  const res = await http.get<unknown>(contract.onboardingEndpoints.listCountries.path);
  return contract.onboardingEndpoints.listCountries.response.parse(res.data).countries;
}

/** Reference data: fetched once per session. */
export const countriesQueryOptions = () =>
  queryOptions({
    queryKey: ['countries'],
    queryFn: listCountries,
    staleTime: Infinity,
  });

export function useCountries() {
  return useQuery(countriesQueryOptions());
}
