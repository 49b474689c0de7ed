import type { Limits } from '@remit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';

/**
 * Under ['transactions']: what counts against the limits changes with the customer's transfers, so
 * every invalidation of the transfers (a confirm, a payment, a cancel, the realtime provider's
 * TransactionStatusChanged) refreshes the limits too.
 */
export const limitsQueryKey = ['transactions', 'limits'] as const;

/** GET /client/v1/limits (docs/product/money-movement.md#limits). */
export const getLimits = (): Promise<Limits> => callEndpoint((contract) => contract.limitsEndpoints.getLimits);

export const limitsQueryOptions = () => queryOptions({ queryKey: limitsQueryKey, queryFn: getLimits });

export function useLimits() {
  return useQuery(limitsQueryOptions());
}
