import type { CorridorsResponse } from '@remit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';

/** GET /client/v1/corridors, whole: the send currencies and the destinations with their payout methods. */
export const listCorridors = (): Promise<CorridorsResponse> =>
  callEndpoint((contract) => contract.corridorsEndpoints.listCorridors);

export const corridorsQueryOptions = () =>
  queryOptions({ queryKey: ['corridors', 'all'] as const, queryFn: listCorridors, staleTime: 5 * 60_000 });

export function useCorridors() {
  return useQuery(corridorsQueryOptions());
}
