import type {
  ScheduledTransfer,
  ScheduledTransferList,
  ScheduledTransferRequest,
  ScheduledTransferUpdate,
} from '@remit/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { ROUTE_DATA_FRESH_MS } from '@/lib/query-client';

/** The schedules, refreshed on ScheduledTransferRan (the realtime provider) and after every change. */
export const scheduledTransfersQueryKey = ['scheduled-transfers'] as const;

/** GET /client/v1/scheduled-transfers (docs/product/scheduled-transfers.md#calls). */
export const listScheduledTransfers = (): Promise<ScheduledTransferList> =>
  callEndpoint((contract) => contract.scheduledTransfersEndpoints.listScheduledTransfers);

export const scheduledTransfersQueryOptions = () =>
  // Fetched with the dashboard's code (features/dashboard prefetchDashboard): fresh for a moment.
  queryOptions({
    queryKey: scheduledTransfersQueryKey,
    queryFn: listScheduledTransfers,
    staleTime: ROUTE_DATA_FRESH_MS,
  });

export function useScheduledTransfers() {
  return useQuery(scheduledTransfersQueryOptions());
}

/** POST (create) or PATCH (change, pause, resume); a step-up is asked by the http client when needed. */
export const saveScheduledTransfer = (
  input: { id: string; body: ScheduledTransferUpdate } | { id?: undefined; body: ScheduledTransferRequest },
): Promise<ScheduledTransfer> =>
  input.id === undefined
    ? callEndpoint((contract) => contract.scheduledTransfersEndpoints.createScheduledTransfer, { body: input.body })
    : callEndpoint((contract) => contract.scheduledTransfersEndpoints.updateScheduledTransfer, {
        params: { id: input.id },
        body: input.body,
      });

export function useSaveScheduledTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveScheduledTransfer,
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduledTransfersQueryKey }),
  });
}

export const deleteScheduledTransfer = (id: string): Promise<unknown> =>
  callEndpoint((contract) => contract.scheduledTransfersEndpoints.deleteScheduledTransfer, { params: { id } });

export function useDeleteScheduledTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteScheduledTransfer,
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduledTransfersQueryKey }),
  });
}
