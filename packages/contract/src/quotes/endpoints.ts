import { defineEndpoint } from '../common/endpoint.ts';
import { IdParams } from '../common/primitives.ts';
import { Quote, QuoteRequest } from './schemas.ts';

/** docs/product/money-movement.md#quotes */
export const createQuote = defineEndpoint({
  method: 'POST',
  path: '/client/v1/quotes',
  summary: 'Quote a transfer by send amount or by receive amount (rate locked for 30 minutes)',
  body: QuoteRequest,
  response: Quote,
  status: 201,
  auth: 'session',
});

/** 404 for another customer's quote, an unknown or a malformed id; an expired quote stays readable. */
export const getQuote = defineEndpoint({
  method: 'GET',
  path: '/client/v1/quotes/:id',
  summary: 'One quote',
  params: IdParams,
  response: Quote,
  auth: 'session',
});

/** A new quote for the same request, saying what changed. */
export const refreshQuote = defineEndpoint({
  method: 'POST',
  path: '/client/v1/quotes/:id/refresh',
  summary: 'Quote the same transfer again, with what changed',
  params: IdParams,
  response: Quote,
  status: 201,
  auth: 'session',
});
