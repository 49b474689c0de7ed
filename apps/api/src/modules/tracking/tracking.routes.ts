import { trackingEndpoints as e } from '@remit/contract';
import type { FastifyInstance } from 'fastify';
import { contractRoutes } from '../../lib/contract-route.ts';

/** Tracking links (docs/product/money-movement.md#tracking); handlers stay thin. */
export default async function trackingRoutes(app: FastifyInstance) {
  const route = contractRoutes(app, { tags: ['tracking'] });
  const { tracking } = app.services;
  // The token is shown once: never cached, never compressed next to caller-controlled text.
  // Sharing a transfer with someone else needs a recent step-up (docs/product/auth-and-sessions.md#step-up).
  route(
    e.createTrackingLink,
    { access: 'session', cacheControl: 'private, no-store', compress: false, stepUp: true },
    (req) => tracking.create(req.auth, req.params.id),
  );
  route(e.revokeTrackingLink, { access: 'session' }, (req) => tracking.revoke(req.auth, req.params.id));
  route(e.getTracking, { access: 'public', cacheControl: 'no-store' }, (req) =>
    tracking.lookup(req.params.token, req.clientInfo()),
  );
}
