import { realtimeEndpoints as e } from '@remit/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { contractRoutes } from '../../lib/contract-route.ts';

/**
 * POST /broadcasting/auth and /broadcasting/user-auth (form-encoded by pusher-js, JSON accepted),
 * authorised by the session cookie + X-XSRF-TOKEN (csrf plugin) or `Authorization: Bearer <session
 * token>` without cookies; GET /client/v1/app-config (public).
 * The session is resolved before body validation, so a request without one is a 401 whatever it sends.
 */
export default async function realtimeRoutes(app: FastifyInstance, opts: { config: Config }) {
  const route = contractRoutes(app, { tags: ['realtime'] });
  const { realtime, dev } = app.services;
  const sessionFirst = { access: 'session', accessHook: 'preValidation' } as const;
  // Signatures over the names the caller sent: never compressed (BREACH, plugins/compress.ts).
  const signatures = { cacheControl: 'no-store', compress: false } as const;

  route(e.getAppConfig, { cacheControl: 'no-cache' }, () => realtime.appConfig());

  route(e.authorizeChannel, { ...sessionFirst, ...signatures }, (req) => realtime.authorizeChannel(req.auth, req.body));

  route(e.authenticateUser, { ...sessionFirst, ...signatures }, (req) => realtime.authenticateUser(req.auth, req.body));

  // Dev only (never in production): push an event to the signed-in customer, for e2e tests.
  if (opts.config.devMailbox) {
    route(e.devNotify, { ...sessionFirst, tags: ['dev'] }, async (req) => {
      const auth = req.auth;
      const payload =
        req.body.payload ?? (req.body.event === 'SessionRevoked' ? { session_ids: [auth.session.id] } : {});
      await dev.notify(auth.customerId, req.body.event, payload);
    });
  }
}
