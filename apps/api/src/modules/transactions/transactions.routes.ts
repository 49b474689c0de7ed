import { transactionsEndpoints as e } from '@remit/contract';
import type { FastifyInstance } from 'fastify';
import { contractRoutes } from '../../lib/contract-route.ts';

/** Transactions (docs/product/money-movement.md#money-api); handlers stay thin. */
export default async function transactionsRoutes(app: FastifyInstance) {
  const route = contractRoutes(app, { tags: ['transactions'] });
  const { transactions } = app.services;

  // docs/product/money-movement.md#idempotency: a repeat gets the stored answer, marked as replayed.
  route(e.createTransaction, { access: 'session' }, async (req, reply) => {
    const result = await transactions.create(req.auth, req.headers['idempotency-key'], req.body, req.clientInfo());
    if (result.replayed) reply.header('idempotent-replayed', 'true');
    if (result.status === e.createTransaction.status) return result.body;
    return reply.code(result.status).send(result.body);
  });
  route(e.listTransactions, { access: 'session', cacheControl: 'private, no-store' }, (req) =>
    transactions.list(req.auth, req.query),
  );
  route(e.getTransaction, { access: 'session', cacheControl: 'private, no-store' }, (req) =>
    transactions.get(req.auth, req.params.id),
  );
}
