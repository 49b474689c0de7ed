import type { ChangeEmailRequest, OtpRequest } from '@remit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { setCustomer } from '@/lib/customer-store';

/**
 * POST /client/v1/change-email: a code goes to the new address. Needs a recent step-up: the app's
 * dialog asks for it and sends the request again (docs/product/auth-and-sessions.md#changing-the-email-address).
 */
export const changeEmail = (body: ChangeEmailRequest) =>
  callEndpoint((contract) => contract.securityEndpoints.changeEmail, { body });

/** POST /client/v1/change-email/confirm: the code makes the new address the account's. */
export const confirmEmailChange = (body: OtpRequest) =>
  callEndpoint((contract) => contract.securityEndpoints.confirmEmailChange, { body });

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}

/** On success the stored customer carries the new address. */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: (customer) => setCustomer(queryClient, customer),
  });
}
