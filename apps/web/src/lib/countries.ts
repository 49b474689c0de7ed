import type { Country } from '@remit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from './call-endpoint';

/** GET /client/v1/countries, parsed with the contract (onboarding and Settings both use it). */
export const listCountries = (): Promise<Country[]> =>
  callEndpoint((contract) => contract.onboardingEndpoints.listCountries).then(({ countries }) => countries);

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

/** '44' or '+44' → '+44'; '' when the country has none. */
export function formatCallingCode(code: string | null): string {
  if (!code) return '';
  return code.startsWith('+') ? code : `+${code}`;
}

/** A stored (E.164) number without its country's calling code: what a "number" field holds. */
export function nationalPart(number: string | null, country: Pick<Country, 'calling_code'> | null): string {
  if (!number) return '';
  const code = formatCallingCode(country?.calling_code ?? null);
  return code && number.startsWith(code) ? number.slice(code.length) : number;
}
