import type { HoldAnswerRequest } from '@remit/contract';
import { callEndpoint } from '@/lib/call-endpoint';

/** POST /client/v1/transactions/{id}/hold: answers what a held transfer needs (docs/product/holds.md#answering). */
export const answerHold = (id: string, body: HoldAnswerRequest) =>
  callEndpoint((contract) => contract.holdsEndpoints.answerHold, { params: { id }, body });
