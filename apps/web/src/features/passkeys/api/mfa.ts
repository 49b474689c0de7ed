import type { Customer, PasskeyAssertion, PasskeyRequestOptions } from '@remit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { setCustomer } from '@/lib/customer-store';

/** POST /client/v1/mfa/passkey-options: a challenge for one of this customer's passkeys (session waiting for MFA). */
export const mfaPasskeyOptions = (): Promise<PasskeyRequestOptions> =>
  callEndpoint((contract) => contract.passkeysEndpoints.mfaPasskeyOptions);

/** POST /client/v1/mfa/passkey: completes MFA and answers the customer, like POST /client/v1/mfa. */
export const mfaWithPasskey = (credential: PasskeyAssertion): Promise<Customer> =>
  callEndpoint((contract) => contract.passkeysEndpoints.mfaWithPasskey, { body: { credential } });

/** The customer the MFA answers is stored, as after a code (docs/product/auth-and-sessions.md#mfa). */
export function useMfaWithPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mfaWithPasskey,
    onSuccess: (customer) => setCustomer(queryClient, customer),
  });
}
