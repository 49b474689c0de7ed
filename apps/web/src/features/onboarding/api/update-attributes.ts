import { nestDotKeys, type AttributeCategory, type Customer } from '@remit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { onCustomerSaved } from './customer-saved';

export interface UpdateAttributesInput {
  category: AttributeCategory;
  /** Values by attribute key; keys may contain dots. */
  values: Record<string, string>;
}

/**
 * POST /client/v1/update?category={category}. Keys containing a dot travel nested, so
 * `{"address.city": "Leeds"}` is sent as `{"address": {"city": "Leeds"}}` (docs/product/onboarding.md#dot-keys).
 */
export const updateAttributes = ({ category, values }: UpdateAttributesInput): Promise<Customer> =>
  callEndpoint((contract) => contract.onboardingEndpoints.updateAttributes, {
    query: { category },
    body: nestDotKeys(values),
  });

export function useUpdateAttributes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAttributes,
    onSuccess: (customer) => onCustomerSaved(queryClient, customer),
  });
}
