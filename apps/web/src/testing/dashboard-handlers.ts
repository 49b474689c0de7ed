import {
  corridorsEndpoints,
  quotesEndpoints,
  type CorridorsResponse,
  type MessageBody,
  type Quote,
  type QuoteRequest,
  type Transaction,
  type ValidationErrorBody,
} from '@remit/contract';
import { http, HttpResponse } from 'msw';
import { dashboardCorridors, quoteFor } from './dashboard-fixtures';
import { logRequest } from './handlers';
import { getTransactionHandler, listTransactionsHandler, notFound } from './transactions-handlers';

type Answer = Response | undefined;

export interface DashboardApiOptions {
  /** The corridors to answer; the dashboard's own by default. Null leaves the call to other handlers. */
  corridors?: CorridorsResponse | null;
  /** The customer's transfers, newest first. */
  transactions?: Transaction[];
  /** Page size when the request names none. */
  pageSize?: number;
  /** Answer a quote request instead of pricing it (a 422, a 500...). */
  quoteAnswer?: (body: QuoteRequest) => Answer | Promise<Answer>;
  /** Answer the transfers list instead (an error). */
  listAnswer?: () => Answer;
  /** Change a priced quote (notices, an expiry...). */
  quoteSeed?: (body: QuoteRequest) => Partial<Quote>;
}

/**
 * Handlers of the dashboard's calls, as the api behaves: the corridors, quotes by send or receive
 * amount (every request body recorded), and the transfers list newest first with `recipient_id`,
 * `limit` and a cursor (the offset, here).
 */
export function dashboardApi(options: DashboardApiOptions = {}) {
  const transactions = [...(options.transactions ?? [])];
  const quoteRequests: QuoteRequest[] = [];
  const listQueries: Record<string, string>[] = [];
  const quotes = new Map<string, Quote>();

  const handlers = [
    http.post<never, QuoteRequest, Quote | ValidationErrorBody | MessageBody>(
      quotesEndpoints.createQuote.path,
      async ({ request }) => {
        logRequest(request);
        const body = await request.json();
        quoteRequests.push(body);
        const answer = await options.quoteAnswer?.(body);
        if (answer) return answer;
        const quote = quoteFor(body, options.quoteSeed?.(body));
        quotes.set(quote.id, quote);
        return HttpResponse.json(quote, { status: 201 });
      },
    ),
    http.get<{ id: string }, never, Quote | MessageBody>(quotesEndpoints.getQuote.path, ({ request, params }) => {
      logRequest(request);
      const quote = quotes.get(params.id);
      return quote ? HttpResponse.json(quote) : notFound();
    }),
    listTransactionsHandler({
      transactions: () => transactions,
      queries: listQueries,
      matches: (t, query) =>
        (!query.recipient_id || t.recipient_id === query.recipient_id) &&
        (!query.status || query.status.split(',').includes(t.status)),
      pageSize: options.pageSize,
      answer: options.listAnswer,
    }),
    getTransactionHandler((id) => transactions.find((t) => t.id === id)),
  ];
  if (options.corridors !== null) {
    handlers.unshift(
      http.get<never, never, CorridorsResponse>(corridorsEndpoints.listCorridors.path, ({ request }) => {
        logRequest(request);
        return HttpResponse.json(options.corridors ?? dashboardCorridors());
      }) as never,
    );
  }

  return { handlers, quoteRequests, listQueries, transactions: () => transactions };
}

/** The default: no transfers yet, quotes priced; the corridors are left to the recipients' handlers. */
export const dashboardHandlers = dashboardApi({ corridors: null }).handlers;
