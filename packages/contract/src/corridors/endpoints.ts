import { defineEndpoint } from '../common/endpoint.ts';
import { CorridorsResponse } from './schemas.ts';

/** docs/product/money-movement.md#corridors */
export const listCorridors = defineEndpoint({
  method: 'GET',
  path: '/client/v1/corridors',
  summary: 'Send currencies, destinations, their currencies and payout methods with limits, fees and estimates',
  response: CorridorsResponse,
  auth: 'session',
});
