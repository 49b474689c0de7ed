import { defineEndpoint } from '../common/endpoint.ts';
import { Limits } from './schemas.ts';

/** docs/product/money-movement.md#limits */
export const getLimits = defineEndpoint({
  method: 'GET',
  path: '/client/v1/limits',
  summary: 'The customer’s limits, what is used of them, and what to finish before sending',
  response: Limits,
  auth: 'session',
});
