import type { Country } from '@remit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadApi } from '@/lib/api-loader';

/**
 * GET /client/v1/countries (the calling codes of the mobile number form). Reference data: fetched
 * once per session, under the same key as onboarding's country list, so the two share one cache.
 */
export const countriesQueryOptions = () =>
  queryOptions({
    queryKey: ['countries'],
    queryFn: async (): Promise<Country[]> => {
      const { http, contract } = await loadApi();
      const { path, response } = contract.onboardingEndpoints.listCountries;
      return response.parse((await http.get<unknown>(path)).data).countries;
    },
    staleTime: Infinity,
  });

export function useCountries() {
  return useQuery(countriesQueryOptions());
}
