import { passkeysEndpoints as e } from '@remit/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { contractRoutes } from '../../lib/contract-route.ts';
import { LOGIN_COOKIE } from './passkeys.service.ts';

/** Passkeys (docs/product/auth-and-sessions.md#passkeys). Thin handlers: the rules live in the service. */
export default async function passkeysRoutes(app: FastifyInstance) {
  const route = contractRoutes(app, { tags: ['security'] });
  const { passkeys } = app.services;
  // Challenges, signed answers and session cookies: never compressed (BREACH, plugins/compress.ts).
  const session = { access: 'session', cacheControl: 'no-store', compress: false } as const;
  // Adding or removing a passkey needs a recent step-up (docs/product/auth-and-sessions.md#step-up).
  const sensitive = { ...session, stepUp: true } as const;

  route(e.listPasskeys, { access: 'session', cacheControl: 'no-store' }, (req) => passkeys.list(req.auth));

  route(e.passkeyRegistrationOptions, sensitive, (req) => passkeys.registrationOptions(req.auth));

  route(e.registerPasskey, sensitive, (req) => passkeys.register(req.auth, req.body, req.clientInfo().locale));

  route(e.deletePasskey, { access: 'session', stepUp: true }, (req) =>
    passkeys.remove(req.auth, req.params.id, req.clientInfo().locale),
  );

  // Sign-in: the challenge is bound to this browser by a short-lived HttpOnly cookie.
  route(e.loginPasskeyOptions, { cacheControl: 'no-store', compress: false }, async (req, reply) => {
    const { options, browserToken } = await passkeys.loginOptions(req.clientInfo());
    reply.setCookie(LOGIN_COOKIE, browserToken, passkeys.loginCookieOptions);
    return options;
  });

  route(e.loginWithPasskey, { compress: false }, async (req, reply) => {
    const browserToken = req.cookies[LOGIN_COOKIE];
    // the challenge is used up whatever the answer: its cookie goes too
    reply.clearCookie(LOGIN_COOKIE, passkeys.loginCookieOptions);
    const { customer, token, deviceCookie } = await passkeys.login(req.body.credential, req.clientInfo(), browserToken);
    reply.setSessionCookie(token);
    if (deviceCookie) reply.setDeviceCookie(deviceCookie);
    return customer;
  });

  // The second factor with a passkey, for a session waiting for it (like POST /client/v1/mfa).
  const pending = { access: 'pending-mfa', cacheControl: 'no-store', compress: false } as const;

  route(e.mfaPasskeyOptions, pending, (req) => passkeys.mfaOptions(req.auth));

  route(e.mfaWithPasskey, pending, async (req, reply) => {
    try {
      const { customer, token, deviceCookie } = await passkeys.mfaComplete(
        req.auth,
        req.body.credential,
        req.clientInfo(),
      );
      reply.setSessionCookie(token).setDeviceCookie(deviceCookie);
      return customer;
    } catch (err) {
      // Too many wrong answers ended this sign-in (docs/product/auth-and-sessions.md#mfa).
      if (err instanceof AppError && err.code === 'too_many_requests') reply.clearSessionCookie();
      throw err;
    }
  });
}
