import { stepUpEndpoints as e } from '@remit/contract';
import type { FastifyInstance } from 'fastify';
import { contractRoutes } from '../../lib/contract-route.ts';

/** The step-up (docs/product/auth-and-sessions.md#step-up). Thin handlers: the rules live in the service. */
export default async function stepUpRoutes(app: FastifyInstance) {
  const route = contractRoutes(app, { tags: ['security'] });
  const { stepUp } = app.services;
  // They carry a password, a code or a signed challenge: never compressed (BREACH, plugins/compress.ts).
  const options = { access: 'session', cacheControl: 'no-store', compress: false } as const;

  route(e.stepUp, options, (req) => stepUp.stepUp(req.auth, req.body, req.clientInfo().locale));

  route(e.stepUpPasskeyOptions, options, (req) => stepUp.passkeyOptions(req.auth));
}
