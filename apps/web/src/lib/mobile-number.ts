import type { UpdateMobileNumberRequest } from '@remit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from './call-endpoint';
import { setCustomer } from './customer-store';

/**
 * POST /client/v1/update-mobile-number, from the onboarding workflow and from Settings. Changing an
 * existing number needs a recent step-up: the http client gets it through the app's dialog and sends
 * the same body again (docs/product/auth-and-sessions.md#step-up).
 */
export const updateMobileNumber = (body: UpdateMobileNumberRequest) =>
  callEndpoint((contract) => contract.onboardingEndpoints.updateMobileNumber, { body });

/** The answer is the customer, which is stored. */
export function useUpdateMobileNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMobileNumber,
    onSuccess: (customer) => setCustomer(queryClient, customer),
  });
}

/** Spaces, dashes, dots and brackets people type in phone numbers. */
export function cleanPhoneNumber(raw: string): string {
  return raw.replace(/[\s\-().]/g, '');
}
