import { securityEndpoints as e } from '@remit/contract';
import type { FastifyInstance } from 'fastify';
import { contractRoutes } from '../../lib/contract-route.ts';

/**
 * Forgot, reset and change password (docs/product/auth-and-sessions.md#forgot-and-reset-password,
 * #change-password). Thin handlers: the rules live in the service.
 */
export default async function passwordsRoutes(app: FastifyInstance) {
  const route = contractRoutes(app, { tags: ['security'] });
  const { passwords } = app.services;

  route(e.forgotPassword, (req) => passwords.forgot(req.body, req.clientInfo()));

  route(e.resetPassword, (req) => passwords.reset(req.body, req.clientInfo()));

  route(e.changePassword, { access: 'session' }, async (req, reply) => {
    const body = await passwords.change(req.auth, req.body, req.clientInfo());
    // Every session ended, this one included: the app signs in again.
    reply.clearSessionCookie();
    return body;
  });
}
