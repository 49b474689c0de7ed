import { paymentsEndpoints as p } from '@remit/contract';
import type { FastifyInstance } from 'fastify';
import { contractRoutes } from '../../lib/contract-route.ts';

/** Paying a transfer (docs/product/money-movement.md#money-api, #payment); handlers stay thin. */
export default async function paymentsRoutes(app: FastifyInstance) {
  const route = contractRoutes(app, { tags: ['payments'] });
  const { payments } = app.services;

  route(p.listPaymentMethods, { access: 'session', cacheControl: 'private, no-store' }, (req) =>
    payments.methods(req.auth, req.params.id),
  );
  route(p.startPayment, { access: 'session', cacheControl: 'private, no-store' }, (req) =>
    payments.start(req.auth, req.params.id, req.body.method, req.clientInfo().socketId),
  );
  // The signed return carries a one-time signature: never cached.
  route(p.paymentReturn, { access: 'session', cacheControl: 'private, no-store' }, (req) =>
    payments.applyReturn(req.auth, req.params.id, req.body),
  );
}

/**
 * `POST /webhooks/payments/:provider` (docs/product/money-movement.md#webhooks): no session and no
 * CSRF (exempt in app.ts); the body is kept raw, as the signature covers the bytes as sent.
 */
export async function paymentWebhookRoutes(app: FastifyInstance) {
  const { payments } = app.services;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) => done(null, body));
  app.post<{ Params: { provider: string } }>(
    '/webhooks/payments/:provider',
    { schema: { hide: true } },
    async (req, reply) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const status = await payments.receiveWebhook(req.params.provider, raw, req.headers);
      reply.header('cache-control', 'no-store');
      if (status === 200) return reply.code(200).send({ received: true });
      if (status === 404) return reply.code(404).send({ message: 'Not found.' });
      return reply.code(400).send({ message: 'The notice could not be verified.' });
    },
  );
}
