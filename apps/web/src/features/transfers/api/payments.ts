import type { PayInMethod, PaymentReturnRequest } from '@remit/contract';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { transactionsQueryKey } from './transactions';

/** GET /client/v1/transactions/{id}/payment-methods (docs/product/money-movement.md#payment). */
export const listPaymentMethods = (id: string) =>
  callEndpoint((contract) => contract.paymentsEndpoints.listPaymentMethods, { params: { id } });

export const paymentMethodsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...transactionsQueryKey, 'payment-methods', id] as const,
    queryFn: () => listPaymentMethods(id),
  });

/** POST /client/v1/transactions/{id}/payments: a card's hosted page, or our bank details. */
export const startPayment = (id: string, method: PayInMethod) =>
  callEndpoint((contract) => contract.paymentsEndpoints.startPayment, { params: { id }, body: { method } });

/** POST /client/v1/transactions/{id}/payment-return with the gateway's signed query, as is. */
export const postPaymentReturn = (id: string, body: PaymentReturnRequest) =>
  callEndpoint((contract) => contract.paymentsEndpoints.paymentReturn, { params: { id }, body });
