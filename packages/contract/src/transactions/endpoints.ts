import { defineEndpoint } from '../common/endpoint.ts';
import {
  Transaction,
  TransactionList,
  TransactionListQuery,
  TransactionParams,
  TransactionRequest,
  ResendRequest,
} from './schemas.ts';

/**
 * Confirm a transfer (docs/product/money-movement.md#idempotency): needs the `Idempotency-Key` header
 * (missing or malformed 400; the same key with another body 422; while the first request runs 409;
 * afterwards the stored answer again, for 24 hours, per customer). Creates the transaction in
 * `awaiting_payment` and marks the quote used.
 */
export const createTransaction = defineEndpoint({
  method: 'POST',
  path: '/client/v1/transactions',
  summary: 'Confirm a transfer from a quote and a recipient',
  body: TransactionRequest,
  response: Transaction,
  status: 201,
  auth: 'session',
});

export const listTransactions = defineEndpoint({
  method: 'GET',
  path: '/client/v1/transactions',
  summary: "The customer's transfers, newest first, with search, filters and cursor pagination",
  query: TransactionListQuery,
  response: TransactionList,
  auth: 'session',
});

/** 404 for another customer's transaction, an unknown or a malformed id. */
export const getTransaction = defineEndpoint({
  method: 'GET',
  path: '/client/v1/transactions/:id',
  summary: 'One transfer with its timeline',
  params: TransactionParams,
  response: Transaction,
  auth: 'session',
});

/**
 * Cancel a transfer before its payout starts (docs/product/money-movement.md#transaction-statuses):
 * unpaid, it is cancelled; paid, it is cancelled and refunded in full. 409 once it is too late.
 */
export const cancelTransaction = defineEndpoint({
  method: 'POST',
  path: '/client/v1/transactions/:id/cancel',
  summary: 'Cancel a transfer while it can be',
  params: TransactionParams,
  response: Transaction,
  auth: 'session',
});

/**
 * Refund a returned transfer in full, fees included (docs/product/money-movement.md#returned). 409
 * in any other status; a refunded transfer answers again.
 */
export const refundTransaction = defineEndpoint({
  method: 'POST',
  path: '/client/v1/transactions/:id/refund',
  summary: 'Refund a returned transfer in full',
  params: TransactionParams,
  response: Transaction,
  auth: 'session',
});

/**
 * Send a returned transfer again, to one of the customer's recipients at the same destination
 * (corrected details): a new payout, no new payment (docs/product/money-movement.md#returned).
 * 409 unless returned; 422 on `recipient_id` for a recipient not found or not matching.
 */
export const resendTransaction = defineEndpoint({
  method: 'POST',
  path: '/client/v1/transactions/:id/resend',
  summary: 'Send a returned transfer again with corrected details',
  params: TransactionParams,
  body: ResendRequest,
  response: Transaction,
  auth: 'session',
});

/**
 * The receipt as a PDF (docs/product/money-movement.md#receipt): `application/pdf`, an attachment
 * named `transfer-<id>.pdf`. Not JSON: the response schema is null and the route answers the bytes.
 */
export const transactionReceipt = {
  method: 'GET',
  path: '/client/v1/transactions/:id/receipt',
  summary: 'The transfer receipt (PDF)',
  auth: 'session',
} as const;
