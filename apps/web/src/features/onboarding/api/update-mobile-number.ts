import type { Customer, UpdateMobileNumberRequest } from '@remit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadApi } from '@/lib/api-loader';
import { onCustomerSaved } from './customer-saved';

/** POST /client/v1/update-mobile-number {mobile_number_country_id, mobile_number}, parsed with the contract. */
export async function updateMobileNumber(body: UpdateMobileNumberRequest): Promise<Customer> {
  const { http, contract } = await loadApi();
  const endpoint = contract.onboardingEndpoints.updateMobileNumber;
  const res = await http.post<unknown>(endpoint.path, contract.UpdateMobileNumberRequest.parse(body));
  return endpoint.response.parse(res.data);
}

export function useUpdateMobileNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMobileNumber,
    onSuccess: (customer) => onCustomerSaved(queryClient, customer),
  });
}
