import type { RecipientDetails, RecipientPayoutMethod, RecipientRequirements } from '@remit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';

export interface Destination {
  country: string;
  currency: string;
  payout_method: RecipientPayoutMethod;
}

/**
 * The fields a payout needs (docs/product/money-movement.md#recipients): GET for a destination, POST
 * with the details chosen so far once a field that refreshes them has a value.
 */
export const getRequirements = (
  destination: Destination,
  details: RecipientDetails | null,
): Promise<RecipientRequirements> =>
  details === null
    ? callEndpoint((contract) => contract.recipientsEndpoints.getRecipientRequirements, { query: destination })
    : callEndpoint((contract) => contract.recipientsEndpoints.refreshRecipientRequirements, {
        body: { ...destination, details },
      });

export const requirementsQueryOptions = (destination: Destination, details: RecipientDetails | null) =>
  queryOptions({
    queryKey: ['recipient-requirements', destination, details] as const,
    queryFn: () => getRequirements(destination, details),
    staleTime: 5 * 60_000,
  });

/** Keeps the fields on screen while a refresh is under way, so typed values and focus stay. */
export function useRequirements(destination: Destination | null, details: RecipientDetails | null) {
  return useQuery({
    ...requirementsQueryOptions(destination ?? { country: '', currency: '', payout_method: 'bank_account' }, details),
    enabled: destination !== null,
    // The same destination's previous fields only: another destination starts afresh.
    placeholderData: (previous, query) =>
      previous && query && JSON.stringify(query.queryKey[1]) === JSON.stringify(destination) ? previous : undefined,
  });
}
