import type { Passkey, PasskeyAttestation, PasskeyCreationOptions } from '@remit/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';

export const passkeysQueryKey = ['passkeys'] as const;

/** GET /client/v1/passkeys: the customer's passkeys, newest first (the api's order). */
export const listPasskeys = (): Promise<Passkey[]> =>
  callEndpoint((contract) => contract.passkeysEndpoints.listPasskeys).then(({ data }) => data);

export const passkeysQueryOptions = () => queryOptions({ queryKey: passkeysQueryKey, queryFn: listPasskeys });

export function usePasskeys() {
  return useQuery(passkeysQueryOptions());
}

/**
 * POST /client/v1/passkeys/registration-options: the options for the browser's ceremony. Needs a
 * recent step-up, which the http client asks for and then retries (docs/product/auth-and-sessions.md#step-up).
 */
export const passkeyRegistrationOptions = (): Promise<PasskeyCreationOptions> =>
  callEndpoint((contract) => contract.passkeysEndpoints.passkeyRegistrationOptions);

/** POST /client/v1/passkeys: the browser's attestation and the name the customer chose. */
export const registerPasskey = (body: { name: string; credential: PasskeyAttestation }): Promise<Passkey> =>
  callEndpoint((contract) => contract.passkeysEndpoints.registerPasskey, { body });

/** DELETE /client/v1/passkeys/:id (needs a recent step-up, like adding). */
export const deletePasskey = (id: string): Promise<void> =>
  callEndpoint((contract) => contract.passkeysEndpoints.deletePasskey, { params: { id } });

/** Adding or removing makes the list stale: the mutation stays pending until it is fresh again. */
export function useRegisterPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerPasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}

export function useDeletePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}
