import type { Recipient, RecipientList, RecipientRequest, RecipientReveal } from '@remit/contract';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';

export const recipientsQueryKey = ['recipients'] as const;
const PAGE_SIZE = 20;

/** GET /client/v1/recipients: one page, by name, filtered by `search` (docs/product/money-movement.md#recipients). */
export const listRecipients = (search: string, cursor?: string): Promise<RecipientList> =>
  callEndpoint((contract) => contract.recipientsEndpoints.listRecipients, {
    query: { ...(search ? { search } : {}), ...(cursor ? { cursor } : {}), limit: PAGE_SIZE },
  });

export const recipientListQueryOptions = (search: string) =>
  infiniteQueryOptions({
    queryKey: [...recipientsQueryKey, 'list', search] as const,
    queryFn: ({ pageParam }) => listRecipients(search, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

export function useRecipientList(search: string) {
  return useInfiniteQuery(recipientListQueryOptions(search));
}

export const getRecipient = (id: string): Promise<Recipient> =>
  callEndpoint((contract) => contract.recipientsEndpoints.getRecipient, { params: { id } });

export const recipientQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...recipientsQueryKey, 'one', id] as const, queryFn: () => getRecipient(id) });

export function useRecipient(id: string) {
  return useQuery(recipientQueryOptions(id));
}

/**
 * POST /client/v1/recipients/:id/reveal: the details in full (GET answers account numbers masked).
 * Needs a recent step-up: the http client's step-up dialog asks for it. Kept out of the query cache:
 * the page holds them only while they are shown or edited.
 */
export const revealRecipient = (id: string): Promise<RecipientReveal> =>
  callEndpoint((contract) => contract.recipientsEndpoints.revealRecipient, { params: { id } });

/** POST /client/v1/recipients (no id) or PUT /client/v1/recipients/:id (a full replacement). */
export const saveRecipient = ({ id, body }: { id?: string | undefined; body: RecipientRequest }): Promise<Recipient> =>
  id === undefined
    ? callEndpoint((contract) => contract.recipientsEndpoints.createRecipient, { body })
    : callEndpoint((contract) => contract.recipientsEndpoints.updateRecipient, { params: { id }, body });

export function useSaveRecipient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRecipient,
    onSuccess: async (saved) => {
      queryClient.setQueryData(recipientQueryOptions(saved.id).queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: [...recipientsQueryKey, 'list'] });
    },
  });
}

export const deleteRecipient = (id: string): Promise<void> =>
  callEndpoint((contract) => contract.recipientsEndpoints.deleteRecipient, { params: { id } });

export function useDeleteRecipient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRecipient,
    onSuccess: async (_, id) => {
      queryClient.removeQueries({ queryKey: recipientQueryOptions(id).queryKey });
      await queryClient.invalidateQueries({ queryKey: [...recipientsQueryKey, 'list'] });
    },
  });
}
