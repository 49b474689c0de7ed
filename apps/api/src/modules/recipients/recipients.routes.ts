import { recipientsEndpoints as e } from '@remit/contract';
import type { FastifyInstance } from 'fastify';
import { contractRoutes } from '../../lib/contract-route.ts';

/** The requirements schema and the recipients calls (docs/product/money-movement.md#money-api); handlers stay thin. */
export default async function recipientsRoutes(app: FastifyInstance) {
  const route = contractRoutes(app, { tags: ['recipients'] });
  const { recipients } = app.services;

  route(e.getRecipientRequirements, { access: 'session', cacheControl: 'no-store' }, (req) =>
    recipients.requirements(req.query),
  );
  route(e.refreshRecipientRequirements, { access: 'session' }, (req) => recipients.requirements(req.body));

  route(e.listRecipients, { access: 'session', cacheControl: 'no-store' }, (req) =>
    recipients.list(req.auth, req.query),
  );
  route(e.createRecipient, { access: 'session' }, (req) => recipients.create(req.auth, req.body, req.clientInfo()));
  route(e.getRecipient, { access: 'session', cacheControl: 'no-store' }, (req) =>
    recipients.get(req.auth, req.params.id),
  );
  route(e.revealRecipient, { access: 'session', stepUp: true, compress: false, cacheControl: 'no-store' }, (req) =>
    recipients.reveal(req.auth, req.params.id),
  );
  route(e.updateRecipient, { access: 'session' }, (req) =>
    recipients.update(req.auth, req.params.id, req.body, req.clientInfo()),
  );
  route(e.deleteRecipient, { access: 'session' }, (req) =>
    recipients.remove(req.auth, req.params.id, req.clientInfo()),
  );
}
