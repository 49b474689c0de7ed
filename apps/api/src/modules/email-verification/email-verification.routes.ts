import { securityEndpoints } from '@remit/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contractSchema } from '../../lib/contract-route.ts';

const tags = ['security'];

/** Email verification (docs/product/auth-and-sessions.md#email-verification). Thin handlers: the rules live in the service. */
export default async function emailVerificationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { emailVerification } = app.services;
  const e = securityEndpoints;

  app.post(
    e.resendEmailVerification.path,
    { schema: contractSchema(e.resendEmailVerification, tags), preHandler: app.requireSession },
    async (req, reply) => {
      return reply.code(200).send(await emailVerification.resend(req.auth!, req.clientInfo().locale));
    },
  );

  app.post(
    e.verifyEmailAddress.path,
    { schema: contractSchema(e.verifyEmailAddress, tags), preHandler: app.requireSession },
    async (req, reply) => {
      return reply.code(200).send(await emailVerification.verify(req.auth!, req.body.otp));
    },
  );
}
