import type { Limits } from '@remit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { ROUTE_DATA_FRESH_MS } from '@/lib/query-client';

/**
 * Under ['transactions']: what counts against the limits changes with the customer's transfers, so
 * every invalidation of the transfers (a confirm, a payment, a cancel, the realtime provider's
 * TransactionStatusChanged) refreshes the limits too.
 */
export const limitsQueryKey = ['transactions', 'limits'] as const;

/** GET /client/v1/limits (docs/product/money-movement.md#limits). */
export const getLimits = (): Promise<Limits> => callEndpoint((contract) => contract.limitsEndpoints.getLimits);

/** Fetched with the dashboard's code (features/dashboard prefetchDashboard): fresh for a moment. */
export const limitsQueryOptions = () =>
  queryOptions({ queryKey: limitsQueryKey, queryFn: getLimits, staleTime: ROUTE_DATA_FRESH_MS });

export function useLimits() {
  return useQuery(limitsQueryOptions());
}
