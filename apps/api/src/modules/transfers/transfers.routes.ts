import { holdsEndpoints, transactionsEndpoints as e } from '@remit/contract';
import type { FastifyInstance } from 'fastify';
import { contractRoutes } from '../../lib/contract-route.ts';

/**
 * Transfers, `transaction` on the wire (docs/product/money-movement.md#money-api): confirm, list,
 * read, and the customer's steps of a transfer's life (cancel, refund, send again); handlers stay thin.
 */
export default async function transfersRoutes(app: FastifyInstance) {
  const route = contractRoutes(app, { tags: ['transactions'] });
  const { transfers, transferSteps, transferHolds } = app.services;

  // docs/product/money-movement.md#idempotency: a repeat gets the stored answer, marked as replayed.
  route(e.createTransaction, { access: 'session' }, async (req, reply) => {
    const result = await transfers.create(req.auth, req.headers['idempotency-key'], req.body, req.clientInfo());
    if (result.replayed) reply.header('idempotent-replayed', 'true');
    if (result.status === e.createTransaction.status) return result.body;
    return reply.code(result.status).send(result.body);
  });
  route(e.listTransactions, { access: 'session', cacheControl: 'private, no-store' }, (req) =>
    transfers.list(req.auth, req.query),
  );
  route(e.getTransaction, { access: 'session', cacheControl: 'private, no-store' }, (req) =>
    transfers.get(req.auth, req.params.id),
  );
  route(e.cancelTransaction, { access: 'session', cacheControl: 'private, no-store' }, (req) =>
    transferSteps.cancel(req.auth, req.params.id, req.clientInfo().socketId),
  );
  route(e.refundTransaction, { access: 'session', cacheControl: 'private, no-store' }, (req) =>
    transferSteps.refundReturned(req.auth, req.params.id, req.clientInfo().socketId),
  );
  route(e.resendTransaction, { access: 'session', cacheControl: 'private, no-store' }, (req) =>
    transferSteps.resend(req.auth, req.params.id, req.body.recipient_id, req.clientInfo().socketId),
  );
  // docs/product/holds.md#answering
  route(holdsEndpoints.answerHold, { access: 'session', cacheControl: 'private, no-store' }, (req) =>
    transferHolds.answer(req.auth, req.params.id, req.body),
  );
}
