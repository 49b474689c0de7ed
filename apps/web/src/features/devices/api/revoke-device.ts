import { useMutation, useQueryClient } from '@tanstack/react-query';
import { readApiError } from '@/lib/api-errors';
import { callEndpoint } from '@/lib/call-endpoint';
import { devicesQueryKey } from './list-devices';

/** `revoked`: signed out now; `gone`: it was no longer signed in (404), nothing left to do. */
export type RevokeOutcome = 'revoked' | 'gone';

/** A sign-out the api refused or that failed (409: the device that asks; null: no answer). */
export class RevokeDeviceError extends Error {
  constructor(readonly status: number | null) {
    super(`Could not sign the device out (${status ?? 'no answer'})`);
    this.name = 'RevokeDeviceError';
  }
}

/** DELETE /client/v1/device/:id: signs another device out at once. */
export async function revokeDevice(id: string): Promise<RevokeOutcome> {
  try {
    await callEndpoint((contract) => contract.devicesEndpoints.revokeDevice, { params: { id } });
    return 'revoked';
  } catch (error) {
    const { status } = await readApiError(error);
    if (status === 404) return 'gone';
    throw new RevokeDeviceError(status);
  }
}

/** Either outcome makes the list stale: the mutation stays pending until it is fresh again. */
export function useRevokeDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devicesQueryKey }),
  });
}
