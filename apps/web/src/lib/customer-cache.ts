import type { QueryClient } from '@tanstack/react-query';

/**
 * Where the customer (docs/product/auth-and-sessions.md#states-and-transitions) lives in the query
 * cache, and how to drop it. Type-only import, so the router's 401 handler clears it synchronously
 * without TanStack Query in sign-in's bundle; lib/customer-store re-exports both.
 */
export const profileQueryKey = ['profile'] as const;

export function clearCustomer(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: profileQueryKey });
}
