import { devEndpoints, type Mailbox } from '@remit/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contractSchema } from '../../lib/contract-route.ts';
import { mailboxRepository } from './mailbox.repository.ts';

/** Registered only while the dev outbox is on (no MAIL_URL, NODE_ENV not production). */
export default async function devRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(devEndpoints.getMailbox.path, { schema: contractSchema(devEndpoints.getMailbox, ['dev']) }, async (_req, reply) => {
    const rows = await mailboxRepository.latest(app.db, 100);
    const body: Mailbox = {
      messages: rows.map((r) => ({ to: r.to_address, subject: r.subject, text: r.text, created_at: r.created_at.toISOString() })),
    };
    return reply.header('cache-control', 'no-store').send(body);
  });
}
