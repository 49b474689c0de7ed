import type { Device } from '@remit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';

export const devicesQueryKey = ['devices'] as const;

/** GET /client/v1/devices: the current device first (the api's order). */
export const listDevices = (): Promise<Device[]> =>
  callEndpoint((contract) => contract.devicesEndpoints.listDevices).then(({ devices }) => devices);

/** Refetched when the tab regains focus: a device may have signed in or out meanwhile. */
export const devicesQueryOptions = () =>
  queryOptions({ queryKey: devicesQueryKey, queryFn: listDevices, refetchOnWindowFocus: true });

export function useDevices() {
  return useQuery(devicesQueryOptions());
}
