import { authEndpoints as e } from '@remit/contract';
import type { FastifyInstance } from 'fastify';
import { contractRoutes, SerializedJson } from '../../lib/contract-route.ts';
import type { AuthContext } from './session.service.ts';

/** The serialized profile of each live AuthContext (collected with it). */
const profileJson = new WeakMap<AuthContext, SerializedJson>();

/** Handlers are thin: parse (by schema), call the service, set cookies, answer. */
export default async function authRoutes(app: FastifyInstance) {
  const route = contractRoutes(app, { tags: ['auth'] });
  const auth = app.services.auth;
  // They set or clear the session and CSRF tokens: never compressed (BREACH, plugins/compress.ts).
  const noCompression = { compress: false } as const;

  route(e.csrfCookie, noCompression, (_req, reply) => void reply.issueCsrfCookie());

  route(e.signUp, noCompression, async (req, reply) => {
    const { customer, token, deviceCookie } = await auth.signUp(req.body, req.clientInfo());
    reply.setSessionCookie(token);
    if (deviceCookie) reply.setDeviceCookie(deviceCookie);
    return customer;
  });

  route(e.signIn, noCompression, async (req, reply) => {
    const { customer, token, deviceCookie } = await auth.signIn(req.body, req.clientInfo());
    reply.setSessionCookie(token);
    if (deviceCookie) reply.setDeviceCookie(deviceCookie);
    return customer;
  });

  route(e.signOut, noCompression, async (req, reply) => {
    await auth.signOut(req.sessionToken);
    reply.clearSessionCookie();
  });

  route(e.getProfile, { access: 'session' }, (req, reply) => {
    // A cached session is one shared, frozen object: its JSON is built once, then sent as is.
    const session = req.auth;
    let json = profileJson.get(session);
    if (json === undefined) {
      profileJson.set(session, (json = new SerializedJson(String(reply.serialize(auth.currentCustomer(session))))));
    }
    return json;
  });

  route(e.getPasswordPolicy, { cacheControl: 'public, max-age=300' }, () => auth.policy);
}
