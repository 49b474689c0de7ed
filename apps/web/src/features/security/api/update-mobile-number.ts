import type { Customer, UpdateMobileNumberRequest } from '@remit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadApi } from '@/lib/api-loader';
import { setCustomer } from '@/lib/customer-store';

/**
 * POST /client/v1/update-mobile-number. Changing an existing number long after sign-in answers 403
 * password_confirmation_required: the same body is sent again with `password`.
 */
export async function updateMobileNumber(body: UpdateMobileNumberRequest): Promise<Customer> {
  const { http, contract } = await loadApi();
  const { path, response } = contract.onboardingEndpoints.updateMobileNumber;
  return response.parse((await http.post<unknown>(path, contract.UpdateMobileNumberRequest.parse(body))).data);
}

/** The answer is the customer, which is stored. */
export function useUpdateMobileNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMobileNumber,
    onSuccess: (customer) => setCustomer(queryClient, customer),
  });
}
