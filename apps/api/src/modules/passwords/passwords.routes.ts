import { securityEndpoints } from '@remit/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contractSchema } from '../../lib/contract-route.ts';

const tags = ['security'];

/**
 * Forgot, reset and change password (docs/product/auth-and-sessions.md#forgot-and-reset-password,
 * #change-password). Thin handlers: the rules live in the service.
 */
export default async function passwordsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { passwords } = app.services;
  const e = securityEndpoints;

  app.post(e.forgotPassword.path, { schema: contractSchema(e.forgotPassword, tags) }, async (req, reply) => {
    return reply.code(200).send(await passwords.forgot(req.body, req.clientInfo()));
  });

  app.post(e.resetPassword.path, { schema: contractSchema(e.resetPassword, tags) }, async (req, reply) => {
    return reply.code(200).send(await passwords.reset(req.body, req.clientInfo()));
  });

  app.post(
    e.changePassword.path,
    { schema: contractSchema(e.changePassword, tags), preHandler: app.requireSession },
    async (req, reply) => {
      const body = await passwords.change(req.auth!, req.body, req.clientInfo());
      // Every session ended, this one included: the app signs in again.
      return reply.clearSessionCookie().code(200).send(body);
    },
  );
}
