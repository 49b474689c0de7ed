import type { FastifyInstance } from 'fastify';

/**
 * `POST /webhooks/payouts/:partner` (docs/product/money-movement.md#webhooks): no session and no
 * CSRF (exempt in app.ts); the body is kept raw, as the signature covers the bytes as sent.
 */
export async function payoutWebhookRoutes(app: FastifyInstance) {
  const { payouts } = app.services;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) => done(null, body));
  app.post<{ Params: { partner: string } }>(
    '/webhooks/payouts/:partner',
    { schema: { hide: true } },
    async (req, reply) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const status = await payouts.receiveWebhook(req.params.partner, raw, req.headers);
      reply.header('cache-control', 'no-store');
      if (status === 200) return reply.code(200).send({ received: true });
      if (status === 404) return reply.code(404).send({ message: 'Not found.' });
      return reply.code(400).send({ message: 'The notice could not be verified.' });
    },
  );
}
