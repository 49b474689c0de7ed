import { devEndpoints } from '@remit/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contractSchema } from '../../lib/contract-route.ts';

/** Registered only while the dev outbox is on (no MAIL_URL, NODE_ENV not production). */
export default async function devRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  const { dev } = app.services;

  app.get(devEndpoints.getMailbox.path, { schema: contractSchema(devEndpoints.getMailbox, ['dev']) }, async (_req, reply) => {
    return reply.header('cache-control', 'no-store').send(await dev.mailbox());
  });
}
