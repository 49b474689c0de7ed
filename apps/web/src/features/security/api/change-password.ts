import type { ChangePasswordRequest } from '@remit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { clearCustomer } from '@/lib/customer-store';

/** POST /client/v1/change-password. The api ends every session, this one included. */
export const changePassword = (body: ChangePasswordRequest) =>
  callEndpoint((contract) => contract.securityEndpoints.changePassword, { body });

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
