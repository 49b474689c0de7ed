import { corridorsEndpoints as e } from '@remit/contract';
import type { FastifyInstance } from 'fastify';
import { contractRoutes } from '../../lib/contract-route.ts';

/** Corridors (docs/product/money-movement.md#corridors). */
export default async function corridorsRoutes(app: FastifyInstance) {
  const route = contractRoutes(app, { tags: ['corridors'] });
  const { corridors } = app.services;

  // The same reference data for every customer; it changes only with a deployment.
  route(e.listCorridors, { access: 'session', cacheControl: 'private, max-age=300' }, () => corridors.list());
}
