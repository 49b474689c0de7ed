import type { Customer } from '@remit/contract';
import type { QueryClient } from '@tanstack/react-query';
import { setCustomer } from '@/lib/customer-store';
import { tasksQueryKey } from './list-tasks';

/** Every onboarding save answers the customer: store it and refresh what is left to do. */
export function onCustomerSaved(queryClient: QueryClient, customer: Customer): void {
  setCustomer(queryClient, customer);
  void queryClient.invalidateQueries({ queryKey: tasksQueryKey });
}
