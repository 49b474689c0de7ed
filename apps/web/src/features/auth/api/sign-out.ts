import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadApi } from '@/lib/api-loader';
import { clearCustomer } from '@/lib/customer-store';

/** POST /client/v1/logout. */
export async function signOut(): Promise<void> {
  const { http, contract } = await loadApi();
  await http.post(contract.authEndpoints.signOut.path);
}

/** Seed §4: logout clears the stored customer (and every cached customer data with it). */
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
