import { onboardingEndpoints } from '@remit/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contractSchema } from '../../lib/contract-route.ts';

/** GET /client/v1/tasks: the customer's to-do list (docs/product/onboarding.md#tasks). */
export default async function tasksRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { tasks } = app.services;
  const e = onboardingEndpoints.listTasks;

  app.get(e.path, { schema: contractSchema(e, ['onboarding']), preHandler: app.requireSession }, async (req, reply) => {
    return reply.code(200).send({ tasks: await tasks.list(req.auth!) });
  });
}
