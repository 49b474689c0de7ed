import type { CorridorDestination } from '@remit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';

/** GET /client/v1/corridors: the destinations, their currencies and payout methods. */
export const listDestinations = (): Promise<CorridorDestination[]> =>
  callEndpoint((contract) => contract.corridorsEndpoints.listCorridors).then(({ destinations }) => destinations);

export const destinationsQueryOptions = () =>
  queryOptions({ queryKey: ['corridors', 'destinations'] as const, queryFn: listDestinations, staleTime: 5 * 60_000 });

export function useDestinations() {
  return useQuery(destinationsQueryOptions());
}
