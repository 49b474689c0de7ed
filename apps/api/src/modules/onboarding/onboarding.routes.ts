import { onboardingEndpoints as e } from '@remit/contract';
import type { FastifyInstance } from 'fastify';
import { contractRoutes } from '../../lib/contract-route.ts';

/**
 * Countries (public reference data) and the onboarding calls (docs/product/api.md#onboarding-calls);
 * handlers stay thin.
 */
export default async function onboardingRoutes(app: FastifyInstance) {
  const route = contractRoutes(app, { tags: ['onboarding'] });
  const { onboarding, reference } = app.services;

  route(e.listCountries, { tags: ['reference'], cacheControl: 'public, max-age=3600' }, async () => ({
    countries: await reference.countries(),
  }));

  route(e.updateCountry, { access: 'session' }, (req) =>
    onboarding.updateCountry(req.auth, req.body, req.clientInfo()),
  );

  route(e.updateAttributes, { access: 'session' }, (req) =>
    onboarding.updateAttributes(req.auth, req.query.category, req.body, req.clientInfo()),
  );

  route(e.updateMobileNumber, { access: 'session' }, (req) =>
    onboarding.updateMobileNumber(req.auth, req.body, req.clientInfo()),
  );

  route(e.applyInfoFromPoi, { access: 'session' }, (req) =>
    onboarding.applyInfoFromPoi(req.auth, req.body, req.clientInfo()),
  );
}
