import { authEndpoints } from '@remit/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contractSchema } from '../../lib/contract-route.ts';
import type { AuthContext } from './session.service.ts';

const tags = ['auth'];

/** The serialized profile of each live AuthContext (collected with it). */
const profileJson = new WeakMap<AuthContext, string>();

/** Handlers are thin: parse (by schema), call the service, set cookies, answer. */
export default async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const auth = app.services.auth;

  app.get(authEndpoints.csrfCookie.path, { schema: contractSchema(authEndpoints.csrfCookie, tags) }, async (_req, reply) => {
    return reply.issueCsrfCookie().code(204).send();
  });

  app.post(authEndpoints.signUp.path, { schema: contractSchema(authEndpoints.signUp, tags) }, async (req, reply) => {
    const { customer, token } = await auth.signUp(req.body, req.clientInfo());
    return reply.setSessionCookie(token).code(201).send(customer);
  });

  app.post(authEndpoints.signIn.path, { schema: contractSchema(authEndpoints.signIn, tags) }, async (req, reply) => {
    const { customer, token } = await auth.signIn(req.body, req.clientInfo());
    return reply.setSessionCookie(token).code(200).send(customer);
  });

  app.post(authEndpoints.signOut.path, { schema: contractSchema(authEndpoints.signOut, tags) }, async (req, reply) => {
    await auth.signOut(req.sessionToken);
    return reply.clearSessionCookie().code(204).send();
  });

  app.get(
    authEndpoints.getProfile.path,
    { schema: contractSchema(authEndpoints.getProfile, tags), preHandler: app.requireSession },
    async (req, reply) => {
      // A cached session is one shared, frozen object: its JSON is built once, then sent as is.
      const session = req.auth!;
      let json = profileJson.get(session);
      if (json === undefined) profileJson.set(session, (json = String(reply.serialize(auth.currentCustomer(session)))));
      return reply.code(200).type('application/json; charset=utf-8').send(json);
    },
  );

  app.get(authEndpoints.getPasswordPolicy.path, { schema: contractSchema(authEndpoints.getPasswordPolicy, tags) }, async (_req, reply) => {
    return reply.header('cache-control', 'public, max-age=300').code(200).send(auth.policy);
  });
}
