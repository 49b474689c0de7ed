import { securityEndpoints } from '@remit/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contractSchema } from '../../lib/contract-route.ts';

const tags = ['security'];

/** Email verification, MFA, password recovery and change. Handlers are thin: the rules live in the services. */
export default async function securityRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { emailVerification, mfa, passwords } = app.services.security;
  const e = securityEndpoints;

  app.post(e.resendEmailVerification.path, { schema: contractSchema(e.resendEmailVerification, tags), preHandler: app.requireSession }, async (req, reply) => {
    return reply.code(200).send(await emailVerification.resend(req.auth!, req.clientInfo().locale));
  });

  app.post(e.verifyEmailAddress.path, { schema: contractSchema(e.verifyEmailAddress, tags), preHandler: app.requireSession }, async (req, reply) => {
    return reply.code(200).send(await emailVerification.verify(req.auth!, req.body.otp));
  });

  // The two calls a session waiting for MFA may make (besides logout).
  app.post(e.completeMfa.path, { schema: contractSchema(e.completeMfa, tags), preHandler: app.requireSessionPendingMfa }, async (req, reply) => {
    const { customer, token } = await mfa.complete(req.auth!, req.body.otp, req.clientInfo());
    return reply.setSessionCookie(token).code(200).send(customer);
  });

  app.post(e.resendMfaOtp.path, { schema: contractSchema(e.resendMfaOtp, tags), preHandler: app.requireSessionPendingMfa }, async (req, reply) => {
    return reply.code(200).send(await mfa.resend(req.auth!, req.clientInfo().locale));
  });

  app.post(e.forgotPassword.path, { schema: contractSchema(e.forgotPassword, tags) }, async (req, reply) => {
    return reply.code(200).send(await passwords.forgot(req.body, req.clientInfo()));
  });

  app.post(e.resetPassword.path, { schema: contractSchema(e.resetPassword, tags) }, async (req, reply) => {
    return reply.code(200).send(await passwords.reset(req.body, req.clientInfo()));
  });

  app.post(e.changePassword.path, { schema: contractSchema(e.changePassword, tags), preHandler: app.requireSession }, async (req, reply) => {
    const body = await passwords.change(req.auth!, req.body, req.clientInfo());
    // Every session ended, this one included: the app signs in again.
    return reply.clearSessionCookie().code(200).send(body);
  });

  app.get(e.getMfaSettings.path, { schema: contractSchema(e.getMfaSettings, tags), preHandler: app.requireSession }, async (req, reply) => {
    return reply.header('cache-control', 'no-store').code(200).send(await mfa.settings(req.auth!.customerId));
  });

  app.post(e.setupTotp.path, { schema: contractSchema(e.setupTotp, tags), preHandler: app.requireSession }, async (req, reply) => {
    return reply.header('cache-control', 'no-store').code(200).send(await mfa.setupTotp(req.auth!, req.body.password));
  });

  app.post(e.confirmTotp.path, { schema: contractSchema(e.confirmTotp, tags), preHandler: app.requireSession }, async (req, reply) => {
    return reply.header('cache-control', 'no-store').code(200).send(await mfa.confirmTotp(req.auth!, req.body.otp, req.clientInfo().locale));
  });

  app.post(e.disableTotp.path, { schema: contractSchema(e.disableTotp, tags), preHandler: app.requireSession }, async (req, reply) => {
    return reply.code(200).send(await mfa.disableTotp(req.auth!, req.body.password, req.clientInfo().locale));
  });

  app.post(e.regenerateRecoveryCodes.path, { schema: contractSchema(e.regenerateRecoveryCodes, tags), preHandler: app.requireSession }, async (req, reply) => {
    return reply.header('cache-control', 'no-store').code(200).send(await mfa.regenerateRecoveryCodes(req.auth!, req.body.password));
  });
}
