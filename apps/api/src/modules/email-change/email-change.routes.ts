import { securityEndpoints as e } from '@remit/contract';
import type { FastifyInstance } from 'fastify';
import { contractRoutes } from '../../lib/contract-route.ts';

/**
 * Changing the email address (docs/product/auth-and-sessions.md#changing-the-email-address). The
 * service asks for the step-up itself, after checking the address.
 */
export default async function emailChangeRoutes(app: FastifyInstance) {
  const route = contractRoutes(app, { tags: ['security'] });
  const { emailChange } = app.services;

  route(e.changeEmail, { access: 'session' }, (req) => emailChange.start(req.auth, req.body, req.clientInfo()));

  route(e.confirmEmailChange, { access: 'session' }, (req) =>
    emailChange.confirm(req.auth, req.body.otp, req.clientInfo().locale),
  );
}
