import { onboardingEndpoints } from '@remit/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contractSchema } from '../../lib/contract-route.ts';

const tags = ['onboarding'];

/** Countries (public reference data) and the onboarding calls (docs/product/api.md#onboarding-calls); handlers stay thin. */
export default async function onboardingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { onboarding, reference } = app.services;
  const e = onboardingEndpoints;

  app.get(e.listCountries.path, { schema: contractSchema(e.listCountries, ['reference']) }, async (_req, reply) => {
    return reply.header('cache-control', 'public, max-age=3600').code(200).send({ countries: await reference.countries() });
  });

  app.post(e.updateCountry.path, { schema: contractSchema(e.updateCountry, tags), preHandler: app.requireSession }, async (req, reply) => {
    return reply.code(200).send(await onboarding.updateCountry(req.auth!, req.body, req.clientInfo()));
  });

  app.post(e.updateAttributes.path, { schema: contractSchema(e.updateAttributes, tags), preHandler: app.requireSession }, async (req, reply) => {
    return reply.code(200).send(await onboarding.updateAttributes(req.auth!, req.query.category, req.body, req.clientInfo()));
  });

  app.post(
    e.updateMobileNumber.path,
    { schema: contractSchema(e.updateMobileNumber, tags), preHandler: app.requireSession },
    async (req, reply) => {
      return reply.code(200).send(await onboarding.updateMobileNumber(req.auth!, req.body, req.clientInfo()));
    },
  );

  app.post(e.applyInfoFromPoi.path, { schema: contractSchema(e.applyInfoFromPoi, tags), preHandler: app.requireSession }, async (req, reply) => {
    return reply.code(200).send(await onboarding.applyInfoFromPoi(req.auth!, req.body, req.clientInfo()));
  });
}
