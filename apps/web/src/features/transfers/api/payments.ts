import type { PayInMethod, PaymentReturnRequest, Transaction } from '@remit/contract';
import { queryOptions, type UseQueryOptions } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';

/**
 * How the payment screens read one transfer: the app passes the transfer feature's query options
 * (`transactionQueryOptions`), so both share one cache entry, which the realtime provider invalidates.
 */
export type TransactionQuery = (
  id: string,
) => UseQueryOptions<Transaction, Error, Transaction, readonly ['transactions', 'one', string]>;

/** GET /client/v1/transactions/{id}/payment-methods (docs/product/money-movement.md#payment). */
export const listPaymentMethods = (id: string) =>
  callEndpoint((contract) => contract.paymentsEndpoints.listPaymentMethods, { params: { id } });

export const paymentMethodsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['transactions', 'payment-methods', id] as const,
    queryFn: () => listPaymentMethods(id),
  });

/** POST /client/v1/transactions/{id}/payments: a card's hosted page, or our bank details. */
export const startPayment = (id: string, method: PayInMethod) =>
  callEndpoint((contract) => contract.paymentsEndpoints.startPayment, { params: { id }, body: { method } });

/** POST /client/v1/transactions/{id}/payment-return with the gateway's signed query, as is. */
export const postPaymentReturn = (id: string, body: PaymentReturnRequest) =>
  callEndpoint((contract) => contract.paymentsEndpoints.paymentReturn, { params: { id }, body });
