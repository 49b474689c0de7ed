import type { Tracking, TransactionStatus } from '@remit/contract';
import { queryOptions } from '@tanstack/react-query';
import { toApiError } from '@/lib/api-errors';
import { callEndpoint } from '@/lib/call-endpoint';

/** Statuses after which nothing changes any more: the page stops polling. */
export const FINAL_STATUSES: readonly TransactionStatus[] = ['completed', 'cancelled', 'expired', 'refunded'];

/** How often the page refreshes while the transfer is not final (docs/product/money-movement.md#tracking). */
export const TRACKING_POLL_MS = 30_000;

/** GET /public/v1/track/{token}: no session; unknown and revoked tokens are a 404. */
export const getTracking = (token: string): Promise<Tracking> =>
  callEndpoint((contract) => contract.trackingEndpoints.getTracking, { params: { token } });

export const trackingQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['tracking', token] as const,
    queryFn: () => getTracking(token),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      // A link not found (unknown or revoked) stays so; any other failure is tried again.
      if (query.state.status === 'error' && toApiError(query.state.error).status === 404) return false;
      return status && FINAL_STATUSES.includes(status) ? false : TRACKING_POLL_MS;
    },
    refetchIntervalInBackground: false,
  });
