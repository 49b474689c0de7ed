import { realtimeEndpoints } from '@remit/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { contractSchema } from '../../lib/contract-route.ts';

const tags = ['realtime'];

/**
 * POST /broadcasting/auth and /broadcasting/user-auth (form-encoded by pusher-js, JSON accepted),
 * authorised by the session cookie + X-XSRF-TOKEN (csrf plugin) or `Authorization: Bearer <session
 * token>` without cookies; GET /client/v1/app-config (public).
 * The session is resolved before body validation, so a request without one is a 401 whatever it sends.
 */
export default async function realtimeRoutes(fastify: FastifyInstance, opts: { config: Config }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { realtime, dev } = app.services;

  app.get(realtimeEndpoints.getAppConfig.path, { schema: contractSchema(realtimeEndpoints.getAppConfig, tags) }, async (_req, reply) => {
    return reply.header('cache-control', 'no-cache').send(realtime.appConfig());
  });

  app.post(
    realtimeEndpoints.authorizeChannel.path,
    { schema: contractSchema(realtimeEndpoints.authorizeChannel, tags), preValidation: app.requireSession },
    async (req, reply) => {
      return reply.header('cache-control', 'no-store').send(realtime.authorizeChannel(req.auth, req.body));
    },
  );

  app.post(
    realtimeEndpoints.authenticateUser.path,
    { schema: contractSchema(realtimeEndpoints.authenticateUser, tags), preValidation: app.requireSession },
    async (req, reply) => {
      return reply.header('cache-control', 'no-store').send(realtime.authenticateUser(req.auth, req.body));
    },
  );

  // Dev only (never in production): push an event to the signed-in customer, for e2e tests.
  if (opts.config.devMailbox) {
    app.post(
      realtimeEndpoints.devNotify.path,
      { schema: contractSchema(realtimeEndpoints.devNotify, ['dev']), preValidation: app.requireSession },
      async (req, reply) => {
        const auth = req.auth!;
        const payload = req.body.payload ?? (req.body.event === 'SessionRevoked' ? { session_ids: [auth.session.id] } : {});
        await dev.notify(auth.customerId, req.body.event, payload);
        return reply.code(204).send();
      },
    );
  }
}
