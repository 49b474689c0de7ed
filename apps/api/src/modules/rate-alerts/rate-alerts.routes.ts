import { rateAlertsEndpoints as e } from '@remit/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { contractRoutes } from '../../lib/contract-route.ts';

/** The rate alerts calls (docs/product/rate-alerts.md#api); handlers stay thin. */
export default async function rateAlertsRoutes(app: FastifyInstance, opts: { config: Config }) {
  const route = contractRoutes(app, { tags: ['rate-alerts'] });
  const { rateAlerts, ratesJob } = app.services;

  route(e.listRateAlerts, { access: 'session', cacheControl: 'no-store' }, (req) => rateAlerts.list(req.auth));
  route(e.createRateAlert, { access: 'session' }, (req) => rateAlerts.create(req.auth, req.body, req.clientInfo()));
  route(e.updateRateAlert, { access: 'session' }, (req) =>
    rateAlerts.update(req.auth, req.params.id, req.body, req.clientInfo()),
  );
  route(e.deleteRateAlert, { access: 'session' }, (req) => rateAlerts.remove(req.auth, req.params.id));

  // Dev only (never in production): a rates refresh now, then the alerts' check, for e2e tests.
  if (opts.config.devMailbox) {
    route(e.devRefreshRates, { access: 'session', tags: ['dev'] }, () => ratesJob.runOnce());
  }
}
