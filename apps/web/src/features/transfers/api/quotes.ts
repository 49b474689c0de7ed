import type { Quote, QuoteRequest } from '@remit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';

export const quotesQueryKey = ['quotes'] as const;

/** POST /client/v1/quotes (docs/product/money-movement.md#quotes). */
export const createQuote = (body: QuoteRequest): Promise<Quote> =>
  callEndpoint((contract) => contract.quotesEndpoints.createQuote, { body });

/** GET /client/v1/quotes/{id}: an expired quote stays readable. */
export const getQuote = (id: string): Promise<Quote> =>
  callEndpoint((contract) => contract.quotesEndpoints.getQuote, { params: { id } });

/** POST /client/v1/quotes/{id}/refresh: a new quote for the same request, with `changes`. */
export const refreshQuote = (id: string): Promise<Quote> =>
  callEndpoint((contract) => contract.quotesEndpoints.refreshQuote, { params: { id } });

export const quoteQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...quotesQueryKey, id] as const, queryFn: () => getQuote(id) });

export function useQuote(id: string) {
  return useQuery(quoteQueryOptions(id));
}
