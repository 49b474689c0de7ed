import type { Customer, UpdateCountryRequest } from '@remit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { onCustomerSaved } from './customer-saved';

/** POST /client/v1/update-country {country_id}. */
export const updateCountry = (body: UpdateCountryRequest): Promise<Customer> =>
  callEndpoint((contract) => contract.onboardingEndpoints.updateCountry, { body });

export function useUpdateCountry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCountry,
    onSuccess: (customer) => onCustomerSaved(queryClient, customer),
  });
}
