import {
  paymentsEndpoints,
  transactionsEndpoints,
  type MessageBody,
  type PaymentMethods,
  type PaymentRequest,
  type PaymentReturnRequest,
  type StartedPayment,
  type Transaction,
  type ValidationErrorBody,
} from '@remit/contract';
import { http, HttpResponse } from 'msw';
import { logRequest } from './handlers';
import { paymentMethods, sandboxBankDetails, withStatus } from './payment-fixtures';
import { getTransactionHandler, listTransactionsHandler, notFound } from './transactions-handlers';

type Answer = Response | undefined;

export interface PaymentApiOptions {
  /** The customer's transfers, newest first. */
  transactions?: Transaction[];
  /** The ways to pay (the same for every transfer). */
  methods?: PaymentMethods['data'];
  /** Page size when the request names none. */
  pageSize?: number;
  /** Answer a call instead (an error, a 409...). */
  startAnswer?: (body: PaymentRequest) => Answer;
  returnAnswer?: (body: PaymentReturnRequest) => Answer;
  listAnswer?: () => Answer;
  getAnswer?: () => Answer;
  cancelAnswer?: () => Answer;
}

const CANCELLABLE = ['awaiting_payment', 'payment_failed', 'paid'];

/**
 * Stateful handlers of the transfers and their payments, as the api behaves
 * (docs/product/money-movement.md#payment, #transactions): the list with `search`, `status`, `from`,
 * `to`, `limit` and a cursor (an offset here); one transfer; its ways to pay; starting a payment
 * (card: the hosted page and `payment_processing`; bank transfer: our account); the signed return
 * (`outcome` decides); cancel. Every request body and list query is recorded.
 */
export function paymentApi(options: PaymentApiOptions = {}) {
  const transactions = [...(options.transactions ?? [])];
  const listQueries: Record<string, string>[] = [];
  const starts: PaymentRequest[] = [];
  const returns: PaymentReturnRequest[] = [];
  const cancels: string[] = [];
  const find = (id: string) => transactions.findIndex((t) => t.id === id);
  const update = (index: number, next: Transaction) => {
    transactions[index] = next;
    return next;
  };

  const handlers = [
    listTransactionsHandler({
      transactions: () => transactions,
      queries: listQueries,
      matches: (t, query) => {
        const statuses = query.status ? query.status.split(',') : null;
        const search = query.search?.toLowerCase();
        return (
          (!statuses || statuses.includes(t.status)) &&
          (!search || t.recipient.name.toLowerCase().includes(search) || t.reference.toLowerCase().includes(search)) &&
          (!query.from || t.created_at.slice(0, 10) >= query.from) &&
          (!query.to || t.created_at.slice(0, 10) <= query.to) &&
          (!query.recipient_id || t.recipient_id === query.recipient_id)
        );
      },
      pageSize: options.pageSize,
      answer: options.listAnswer,
    }),
    getTransactionHandler((id) => transactions[find(id)], options.getAnswer),
    http.get<{ id: string }, never, PaymentMethods | MessageBody>(
      paymentsEndpoints.listPaymentMethods.path,
      ({ request, params }) => {
        logRequest(request);
        if (find(params.id) < 0) return notFound();
        return HttpResponse.json({ data: options.methods ?? paymentMethods() });
      },
    ),
    http.post<{ id: string }, PaymentRequest, StartedPayment | MessageBody | ValidationErrorBody>(
      paymentsEndpoints.startPayment.path,
      async ({ request, params }) => {
        logRequest(request);
        const body = await request.json();
        starts.push(body);
        const answer = options.startAnswer?.(body);
        if (answer) return answer as never;
        const index = find(params.id);
        const found = transactions[index];
        if (!found) return notFound();
        if (body.method === 'card') {
          update(index, withStatus({ ...found, pay_in_method: 'card' }, 'payment_processing'));
          return HttpResponse.json(
            {
              payment_id: '9a9a9a9a-0000-4000-8000-000000000001',
              method: 'card',
              redirect_url: `http://gateway.test/sandbox/gateway/pay/pay_1`,
              bank_details: null,
            },
            { status: 201 },
          );
        }
        update(index, { ...found, pay_in_method: 'bank_transfer' });
        return HttpResponse.json(
          {
            payment_id: '9a9a9a9a-0000-4000-8000-000000000002',
            method: 'bank_transfer',
            redirect_url: `/payment/cb/${found.id}`,
            bank_details: sandboxBankDetails(),
          },
          { status: 201 },
        );
      },
    ),
    http.post<{ id: string }, PaymentReturnRequest, Transaction | MessageBody | ValidationErrorBody>(
      paymentsEndpoints.paymentReturn.path,
      async ({ request, params }) => {
        logRequest(request);
        const body = await request.json();
        returns.push(body);
        const answer = options.returnAnswer?.(body);
        if (answer) return answer as never;
        const index = find(params.id);
        const found = transactions[index];
        if (!found) return notFound();
        const next =
          body.outcome === 'succeeded'
            ? withStatus(found, 'paid', 'Payment received.')
            : withStatus(found, 'payment_failed', 'Your payment of 103.01 GBP failed: the card was declined.');
        return HttpResponse.json(update(index, next));
      },
    ),
    http.post<{ id: string }, never, Transaction | MessageBody>(
      transactionsEndpoints.cancelTransaction.path,
      ({ request, params }) => {
        logRequest(request);
        cancels.push(params.id);
        const answer = options.cancelAnswer?.();
        if (answer) return answer as never;
        const index = find(params.id);
        const found = transactions[index];
        if (!found) return notFound();
        if (!CANCELLABLE.includes(found.status)) {
          return HttpResponse.json({ message: 'This transfer can’t be cancelled.' }, { status: 409 });
        }
        const wasPaid = found.status === 'paid';
        return HttpResponse.json(
          update(
            index,
            withStatus(found, 'cancelled', wasPaid ? 'Cancelled. Your money is on its way back to you.' : 'Cancelled.'),
          ),
        );
      },
    ),
  ];

  return {
    handlers,
    listQueries,
    starts,
    returns,
    cancels,
    transactions: () => transactions,
    /** Change a transfer behind the app's back (the gateway, the payout partner). */
    set: (next: Transaction) => update(find(next.id), next),
  };
}

/** The default: no transfers. */
export const paymentHandlers = paymentApi().handlers.filter((_, i) => i >= 2);
