import type { Transaction, TransactionList, TransactionListQuery, TransactionRequest } from '@remit/contract';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { ROUTE_DATA_FRESH_MS } from '@/lib/query-client';

/** Invalidated by the realtime provider on TransactionStatusChanged. */
export const transactionsQueryKey = ['transactions'] as const;

/**
 * POST /client/v1/transactions with the `Idempotency-Key` the caller keeps for this confirmation
 * (docs/product/money-movement.md#idempotency): the same key on a retry answers the same transaction.
 */
export const createTransaction = (body: TransactionRequest, idempotencyKey: string): Promise<Transaction> =>
  callEndpoint((contract) => contract.transactionsEndpoints.createTransaction, {
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export const getTransaction = (id: string): Promise<Transaction> =>
  callEndpoint((contract) => contract.transactionsEndpoints.getTransaction, { params: { id } });

export const transactionQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...transactionsQueryKey, 'one', id] as const, queryFn: () => getTransaction(id) });

export function useTransaction(id: string) {
  return useQuery(transactionQueryOptions(id));
}

/** GET /client/v1/transactions: newest first, filtered; one page. */
export const listTransactions = (query: TransactionListQuery): Promise<TransactionList> =>
  callEndpoint((contract) => contract.transactionsEndpoints.listTransactions, { query });

export const transactionListQueryOptions = (filters: Omit<TransactionListQuery, 'cursor'>) =>
  infiniteQueryOptions({
    queryKey: [...transactionsQueryKey, 'list', filters] as const,
    queryFn: ({ pageParam }) => listTransactions({ ...filters, ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    // Fetched with the dashboard's code (features/dashboard prefetchDashboard): fresh for a moment.
    staleTime: ROUTE_DATA_FRESH_MS,
  });

export function useTransactionList(filters: Omit<TransactionListQuery, 'cursor'>) {
  return useInfiniteQuery(transactionListQueryOptions(filters));
}
