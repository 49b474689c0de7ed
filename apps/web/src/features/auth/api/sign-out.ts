import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { clearCustomer } from '@/lib/customer-store';

/** POST /client/v1/logout. */
export const signOut = () => callEndpoint((contract) => contract.authEndpoints.signOut);

/**
 * Logout clears the stored customer and every cached customer data with it
 * (docs/product/auth-and-sessions.md#sign-out).
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSettled: () => {
      clearCustomer(queryClient);
      queryClient.clear();
    },
  });
}
