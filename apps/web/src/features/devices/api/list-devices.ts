import type { Device } from '@remit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadApi } from '@/lib/api-loader';

export const devicesQueryKey = ['devices'] as const;

/** GET /client/v1/devices, parsed with the contract: the current device first (the api's order). */
export async function listDevices(): Promise<Device[]> {
  const { http, contract } = await loadApi();
  const endpoint = contract.devicesEndpoints.listDevices;
  const res = await http.get<unknown>(endpoint.path);
  return endpoint.response.parse(res.data).devices;
}

/** Refetched when the tab regains focus: a device may have signed in or out meanwhile. */
export const devicesQueryOptions = () =>
  queryOptions({ queryKey: devicesQueryKey, queryFn: listDevices, refetchOnWindowFocus: true });

export function useDevices() {
  return useQuery(devicesQueryOptions());
}
