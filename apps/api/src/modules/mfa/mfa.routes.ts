import { securityEndpoints as e } from '@remit/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { contractRoutes } from '../../lib/contract-route.ts';

/**
 * MFA at sign-in and its settings: the authenticator app and recovery codes
 * (docs/product/auth-and-sessions.md#mfa). Thin handlers: the rules live in the service.
 */
export default async function mfaRoutes(app: FastifyInstance) {
  const route = contractRoutes(app, { tags: ['security'] });
  const { mfa } = app.services;

  // The two calls a session waiting for MFA may make (besides logout).
  route(e.completeMfa, { access: 'pending-mfa', compress: false }, async (req, reply) => {
    try {
      const { customer, token, deviceCookie } = await mfa.complete(req.auth, req.body.otp, req.clientInfo());
      reply.setSessionCookie(token).setDeviceCookie(deviceCookie);
      return customer;
    } catch (e) {
      // Too many wrong codes ended this sign-in (docs/product/auth-and-sessions.md#mfa).
      if (e instanceof AppError && e.code === 'too_many_requests') reply.clearSessionCookie();
      throw e;
    }
  });

  route(e.resendMfaOtp, { access: 'pending-mfa' }, (req) => mfa.resend(req.auth, req.clientInfo().locale));

  // Secrets (TOTP secret, recovery codes) are never compressed (BREACH, plugins/compress.ts).
  const secret = { access: 'session', cacheControl: 'no-store', compress: false } as const;

  route(e.getMfaSettings, secret, (req) => mfa.settings(req.auth.customerId));

  // Changing how the customer proves it is them needs a recent step-up (docs/product/auth-and-sessions.md#step-up).
  const sensitiveSecret = { ...secret, stepUp: true } as const;

  route(e.setupTotp, sensitiveSecret, (req) => mfa.setupTotp(req.auth));

  route(e.confirmTotp, secret, (req) => mfa.confirmTotp(req.auth, req.body.otp, req.clientInfo().locale));

  route(e.disableTotp, { access: 'session', compress: false, stepUp: true }, (req) =>
    mfa.disableTotp(req.auth, req.clientInfo().locale),
  );

  route(e.regenerateRecoveryCodes, sensitiveSecret, (req) => mfa.regenerateRecoveryCodes(req.auth));
}
