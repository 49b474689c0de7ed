import { defineEndpoint } from '../common/endpoint.ts';
import { Transaction, TransactionParams } from '../transactions/schemas.ts';
import { HoldAnswerRequest } from './schemas.ts';

/**
 * Answer a transfer's hold (docs/product/holds.md#answering): everything its `needs` ask for. The
 * hold is cleared at once and the payout starts; answers the transaction. 404 another customer's
 * transfer; 409 not on hold; 422 per field for a missing or bad answer or document.
 */
export const answerHold = defineEndpoint({
  method: 'POST',
  path: '/client/v1/transactions/:id/hold',
  summary: 'Answer what a held transfer needs',
  params: TransactionParams,
  body: HoldAnswerRequest,
  response: Transaction,
  auth: 'session',
});
