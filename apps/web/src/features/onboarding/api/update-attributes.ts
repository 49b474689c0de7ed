import type { AttributeCategory, Customer } from '@remit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadApi } from '@/lib/api-loader';
import { onCustomerSaved } from './customer-saved';

export interface UpdateAttributesInput {
  category: AttributeCategory;
  /** Values by attribute key; keys may contain dots. */
  values: Record<string, string>;
}

/**
 * POST /client/v1/update?category={category}. Seed §7: keys containing a dot travel nested,
 * so `{"address.city": "Leeds"}` is sent as `{"address": {"city": "Leeds"}}`.
 */
export async function updateAttributes({ category, values }: UpdateAttributesInput): Promise<Customer> {
  const { http, contract } = await loadApi();
  const endpoint = contract.onboardingEndpoints.updateAttributes;
  const res = await http.post<unknown>(endpoint.path, contract.nestDotKeys(values), {
    params: endpoint.query.parse({ category }),
  });
  return endpoint.response.parse(res.data);
}

export function useUpdateAttributes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAttributes,
    onSuccess: (customer) => onCustomerSaved(queryClient, customer),
  });
}
