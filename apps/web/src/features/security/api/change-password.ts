import type { ChangePasswordRequest } from '@remit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadApi } from '@/lib/api-loader';
import { clearCustomer } from '@/lib/customer-store';

/** POST /client/v1/change-password. The api ends every session, this one included. */
export async function changePassword(body: ChangePasswordRequest): Promise<void> {
  const { http, contract } = await loadApi();
  await http.post(contract.securityEndpoints.changePassword.path, contract.ChangePasswordRequest.parse(body));
}

/** On success the stored customer (and every cached customer data) is cleared: the session is gone. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      clearCustomer(queryClient);
      queryClient.clear();
    },
  });
}
