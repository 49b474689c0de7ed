import { onboardingEndpoints as e } from '@remit/contract';
import type { FastifyInstance } from 'fastify';
import { contractRoutes } from '../../lib/contract-route.ts';

/** GET /client/v1/tasks: the customer's to-do list (docs/product/onboarding.md#tasks). */
export default async function tasksRoutes(app: FastifyInstance) {
  const route = contractRoutes(app, { tags: ['onboarding'] });
  const { tasks } = app.services;

  route(e.listTasks, { access: 'session' }, (req) => ({ tasks: tasks.list(req.auth) }));
}
