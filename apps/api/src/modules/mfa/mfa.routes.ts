import { securityEndpoints } from '@remit/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contractSchema } from '../../lib/contract-route.ts';

const tags = ['security'];

/**
 * MFA at sign-in and its settings: the authenticator app and recovery codes
 * (docs/product/auth-and-sessions.md#mfa). Thin handlers: the rules live in the service.
 */
export default async function mfaRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { mfa } = app.services;
  const e = securityEndpoints;

  // The two calls a session waiting for MFA may make (besides logout).
  app.post(
    e.completeMfa.path,
    { schema: contractSchema(e.completeMfa, tags), preHandler: app.requireSessionPendingMfa },
    async (req, reply) => {
      const { customer, token } = await mfa.complete(req.auth!, req.body.otp, req.clientInfo());
      return reply.setSessionCookie(token).code(200).send(customer);
    },
  );

  app.post(
    e.resendMfaOtp.path,
    { schema: contractSchema(e.resendMfaOtp, tags), preHandler: app.requireSessionPendingMfa },
    async (req, reply) => {
      return reply.code(200).send(await mfa.resend(req.auth!, req.clientInfo().locale));
    },
  );

  app.get(
    e.getMfaSettings.path,
    { schema: contractSchema(e.getMfaSettings, tags), preHandler: app.requireSession },
    async (req, reply) => {
      return reply
        .header('cache-control', 'no-store')
        .code(200)
        .send(await mfa.settings(req.auth!.customerId));
    },
  );

  app.post(
    e.setupTotp.path,
    { schema: contractSchema(e.setupTotp, tags), preHandler: app.requireSession },
    async (req, reply) => {
      return reply
        .header('cache-control', 'no-store')
        .code(200)
        .send(await mfa.setupTotp(req.auth!, req.body.password));
    },
  );

  app.post(
    e.confirmTotp.path,
    { schema: contractSchema(e.confirmTotp, tags), preHandler: app.requireSession },
    async (req, reply) => {
      return reply
        .header('cache-control', 'no-store')
        .code(200)
        .send(await mfa.confirmTotp(req.auth!, req.body.otp, req.clientInfo().locale));
    },
  );

  app.post(
    e.disableTotp.path,
    { schema: contractSchema(e.disableTotp, tags), preHandler: app.requireSession },
    async (req, reply) => {
      return reply.code(200).send(await mfa.disableTotp(req.auth!, req.body.password, req.clientInfo().locale));
    },
  );

  app.post(
    e.regenerateRecoveryCodes.path,
    { schema: contractSchema(e.regenerateRecoveryCodes, tags), preHandler: app.requireSession },
    async (req, reply) => {
      return reply
        .header('cache-control', 'no-store')
        .code(200)
        .send(await mfa.regenerateRecoveryCodes(req.auth!, req.body.password));
    },
  );
}
