import { limitsEndpoints, quotesEndpoints as e } from '@remit/contract';
import type { FastifyInstance } from 'fastify';
import { contractRoutes } from '../../lib/contract-route.ts';

/** Quotes and limits (docs/product/money-movement.md#money-api); handlers stay thin. */
export default async function quotesRoutes(app: FastifyInstance) {
  const route = contractRoutes(app, { tags: ['quotes'] });
  const { quotes, limits } = app.services;

  route(e.createQuote, { access: 'session' }, (req) => quotes.create(req.auth, req.body));
  route(e.getQuote, { access: 'session', cacheControl: 'no-store' }, (req) => quotes.get(req.auth, req.params.id));
  route(e.refreshQuote, { access: 'session' }, (req) => quotes.refresh(req.auth, req.params.id));
  route(limitsEndpoints.getLimits, { access: 'session', cacheControl: 'no-store', tags: ['limits'] }, (req) =>
    limits.limits(req.auth),
  );
}
