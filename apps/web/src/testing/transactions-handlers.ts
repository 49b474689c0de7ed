import { transactionsEndpoints, type MessageBody, type Transaction, type TransactionList } from '@remit/contract';
import { http, HttpResponse } from 'msw';
import { logRequest } from './handlers';

type Answer = Response | undefined;
type Query = Record<string, string>;

export const notFound = () => HttpResponse.json<MessageBody>({ message: 'Not Found' }, { status: 404 });

interface ListOptions {
  /** The customer's transfers, newest first (read on every call: the list may change). */
  transactions: () => Transaction[];
  /** Every query the list was asked with, in order. */
  queries: Query[];
  /** Which transfers a query keeps (its filters). */
  matches: (transaction: Transaction, query: Query) => boolean;
  /** Page size when the request names none (20 by default). */
  pageSize?: number | undefined;
  /** Answer instead (an error). */
  answer?: (() => Answer) | undefined;
}

/** `GET /client/v1/transactions` as the api pages it: `limit` and a cursor (the offset, here). */
export function listTransactionsHandler({ transactions, queries, matches, pageSize, answer }: ListOptions) {
  return http.get<never, never, TransactionList | MessageBody>(
    transactionsEndpoints.listTransactions.path,
    ({ request }) => {
      logRequest(request);
      const query = Object.fromEntries(new URL(request.url).searchParams.entries());
      queries.push(query);
      const answered = answer?.();
      if (answered) return answered as never;
      const size = Number(query.limit ?? pageSize ?? 20);
      const from = Number(query.cursor ?? 0);
      const matching = transactions().filter((t) => matches(t, query));
      const data = matching.slice(from, from + size);
      const next = from + size < matching.length ? String(from + size) : null;
      return HttpResponse.json({ data, next_cursor: next });
    },
  );
}

/** `GET /client/v1/transactions/{id}`: the transfer `find` finds, else a 404; `answer` answers instead. */
export function getTransactionHandler(find: (id: string) => Transaction | undefined, answer?: () => Answer) {
  return http.get<{ id: string }, never, Transaction | MessageBody>(
    transactionsEndpoints.getTransaction.path,
    ({ request, params }) => {
      logRequest(request);
      const answered = answer?.();
      if (answered) return answered as never;
      const found = find(params.id);
      return found ? HttpResponse.json(found) : notFound();
    },
  );
}
