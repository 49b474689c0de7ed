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
  // Password-reset answers are never compressed (BREACH, plugins/compress.ts).
  const noCompression = { compress: false } as const;

  route(e.forgotPassword, noCompression, (req) => passwords.forgot(req.body, req.clientInfo()));

  route(e.resetPassword, noCompression, (req) => passwords.reset(req.body, req.clientInfo()));

  route(e.changePassword, { access: 'session', compress: false }, async (req, reply) => {
    const body = await passwords.change(req.auth, req.body, req.clientInfo());
    // Every session ended, this one included: the app signs in again.
    reply.clearSessionCookie();
    return body;
  });
}
