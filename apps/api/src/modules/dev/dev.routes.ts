import { devEndpoints as e } from '@remit/contract';
import type { FastifyInstance } from 'fastify';
import { contractRoutes } from '../../lib/contract-route.ts';

/** Registered only while the dev outbox is on (no MAIL_URL, NODE_ENV not production). */
export default async function devRoutes(app: FastifyInstance) {
  const route = contractRoutes(app, { tags: ['dev'] });
  const { dev } = app.services;

  route(e.getMailbox, { cacheControl: 'no-store', compress: false }, () => dev.mailbox());
}
