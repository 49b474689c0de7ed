import type { Customer, UpdateCountryRequest } from '@remit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadApi } from '@/lib/api-loader';
import { onCustomerSaved } from './customer-saved';

/** POST /client/v1/update-country {country_id}, parsed with the contract. */
export async function updateCountry(body: UpdateCountryRequest): Promise<Customer> {
  const { http, contract } = await loadApi();
  const endpoint = contract.onboardingEndpoints.updateCountry;
  const res = await http.post<unknown>(endpoint.path, contract.UpdateCountryRequest.parse(body));
  return endpoint.response.parse(res.data);
}

export function useUpdateCountry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCountry,
    onSuccess: (customer) => onCustomerSaved(queryClient, customer),
  });
}
