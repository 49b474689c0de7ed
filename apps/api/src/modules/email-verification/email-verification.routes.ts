import { securityEndpoints as e } from '@remit/contract';
import type { FastifyInstance } from 'fastify';
import { contractRoutes } from '../../lib/contract-route.ts';

/**
 * Email verification (docs/product/auth-and-sessions.md#email-verification). Thin handlers: the rules
 * live in the service.
 */
export default async function emailVerificationRoutes(app: FastifyInstance) {
  const route = contractRoutes(app, { tags: ['security'] });
  const { emailVerification } = app.services;

  route(e.resendEmailVerification, { access: 'session' }, (req) =>
    emailVerification.resend(req.auth, req.clientInfo().locale),
  );

  route(e.verifyEmailAddress, { access: 'session' }, (req) => emailVerification.verify(req.auth, req.body.otp));
}
