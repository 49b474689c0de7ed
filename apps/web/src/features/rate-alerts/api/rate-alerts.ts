import type { RateAlert, RateAlertRequest, RateAlertUpdate } from '@remit/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';

export const rateAlertsQueryKey = ['rate-alerts'] as const;

/** GET /client/v1/rate-alerts: newest first (at most 10). */
export const listRateAlerts = (): Promise<RateAlert[]> =>
  callEndpoint((contract) => contract.rateAlertsEndpoints.listRateAlerts).then(({ data }) => data);

/** Refetched on focus and when `RateAlertTriggered` arrives (app/realtime). */
export function useRateAlerts() {
  return useQuery({ queryKey: rateAlertsQueryKey, queryFn: listRateAlerts, refetchOnWindowFocus: true });
}

export function useCreateRateAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RateAlertRequest) =>
      callEndpoint((contract) => contract.rateAlertsEndpoints.createRateAlert, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rateAlertsQueryKey }),
  });
}

export function useUpdateRateAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: RateAlertUpdate }) =>
      callEndpoint((contract) => contract.rateAlertsEndpoints.updateRateAlert, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rateAlertsQueryKey }),
  });
}

export function useDeleteRateAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      callEndpoint((contract) => contract.rateAlertsEndpoints.deleteRateAlert, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rateAlertsQueryKey }),
  });
}
