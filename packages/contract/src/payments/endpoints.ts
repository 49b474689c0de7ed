import { defineEndpoint } from '../common/endpoint.ts';
import { IdParams } from '../common/primitives.ts';
import { Transaction } from '../transactions/schemas.ts';
import { PaymentMethods, PaymentRequest, PaymentReturnRequest, StartedPayment } from './schemas.ts';

/** The ways to pay this transfer (docs/product/money-movement.md#payment). 404 for another customer's. */
export const listPaymentMethods = defineEndpoint({
  method: 'GET',
  path: '/client/v1/transactions/:id/payment-methods',
  summary: 'The ways to pay a transfer, with fee, total and speed',
  params: IdParams,
  response: PaymentMethods,
  auth: 'session',
});

/**
 * Start paying (docs/product/money-movement.md#payment): the transfer must be awaiting payment or
 * have a failed payment, not past `pay_by`, and the method available. A payment already open answers
 * the same payment; another method while one is open is a 409.
 */
export const startPayment = defineEndpoint({
  method: 'POST',
  path: '/client/v1/transactions/:id/payments',
  summary: 'Start paying a transfer by card or bank transfer',
  params: IdParams,
  body: PaymentRequest,
  response: StartedPayment,
  status: 201,
  auth: 'session',
});

/** The browser's return from the gateway, with its signed query: applies the outcome once, answers the transfer. */
export const paymentReturn = defineEndpoint({
  method: 'POST',
  path: '/client/v1/transactions/:id/payment-return',
  summary: "Apply the gateway's signed return",
  params: IdParams,
  body: PaymentReturnRequest,
  response: Transaction,
  auth: 'session',
});
