import type { CorridorDestination, CorridorsResponse } from '@remit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from './call-endpoint';

/** GET /client/v1/corridors, whole: the send currencies and the destinations with their payout methods. */
export const listCorridors = (): Promise<CorridorsResponse> =>
  callEndpoint((contract) => contract.corridorsEndpoints.listCorridors);

/** One cache entry for the corridors, whoever reads them (the calculator, the recipient form). */
export const corridorsQueryOptions = () =>
  queryOptions({ queryKey: ['corridors'] as const, queryFn: listCorridors, staleTime: 5 * 60_000 });

export function useCorridors() {
  return useQuery(corridorsQueryOptions());
}

const destinationsOf = (corridors: CorridorsResponse): CorridorDestination[] => corridors.destinations;

/** The destinations, their currencies and payout methods (the same cache entry as useCorridors). */
export function useDestinations() {
  return useQuery({ ...corridorsQueryOptions(), select: destinationsOf });
}
