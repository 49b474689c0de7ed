import { scheduledTransfersEndpoints as e } from '@remit/contract';
import type { FastifyInstance } from 'fastify';
import { contractRoutes } from '../../lib/contract-route.ts';

/**
 * Scheduled transfers (docs/product/scheduled-transfers.md); handlers stay thin. The step-up is the
 * service's: it checks the request first, and pausing needs none.
 */
export default async function scheduledTransfersRoutes(app: FastifyInstance) {
  const route = contractRoutes(app, { tags: ['scheduled-transfers'] });
  const { scheduledTransfers } = app.services;

  route(e.listScheduledTransfers, { access: 'session', cacheControl: 'no-store' }, (req) =>
    scheduledTransfers.list(req.auth),
  );
  route(e.createScheduledTransfer, { access: 'session' }, (req) =>
    scheduledTransfers.create(req.auth, req.body, req.clientInfo()),
  );
  route(e.getScheduledTransfer, { access: 'session', cacheControl: 'no-store' }, (req) =>
    scheduledTransfers.get(req.auth, req.params.id),
  );
  route(e.updateScheduledTransfer, { access: 'session' }, (req) =>
    scheduledTransfers.update(req.auth, req.params.id, req.body, req.clientInfo()),
  );
  route(e.deleteScheduledTransfer, { access: 'session' }, (req) => scheduledTransfers.remove(req.auth, req.params.id));
}
