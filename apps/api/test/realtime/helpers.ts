// Test rig for the api's realtime side: a tiny Fastify app with @remit/pusher-server and the api's
// /broadcasting answers; real pusher-js clients and cleanup of everything in afterEach come from
// the server package's test kit (`@remit/pusher-server/testing`, where the server itself is tested).
import formbody from '@fastify/formbody';
import { pusherServer, type PusherServerOptions } from '@remit/pusher-server';
import Fastify, { type FastifyInstance } from 'fastify';
import { APP_ID, CREDS, KEY, SECRET, listen, type TestServer } from '@remit/pusher-server/testing';
import { AppError } from '../../src/lib/app-error.ts';
import { createBroadcastAuth } from '../../src/modules/realtime/auth-responses.ts';

export * from '@remit/pusher-server/testing';

/**
 * Starts Fastify + pusherServer + /broadcasting/auth and /broadcasting/user-auth routes.
 * The signed-in customer is the `x-test-customer` header (none → 401).
 */
export async function startServer(
  options: Partial<PusherServerOptions> = {},
  setup?: (app: FastifyInstance) => void,
): Promise<TestServer> {
  const app = Fastify({ logger: false });
  setup?.(app);
  await app.register(formbody);
  await app.register(pusherServer, { appId: APP_ID, key: KEY, secret: SECRET, ...options });
  const broadcast = createBroadcastAuth(CREDS);
  app.setErrorHandler((err, _req, reply) => {
    if (err instanceof AppError) return reply.code(err.status).send({ message: err.message, errors: err.fieldErrors });
    return reply.code(500).send({ message: 'Server Error' });
  });
  const customerOf = (header: unknown) =>
    typeof header === 'string' && header !== '' ? { id: header, info: { name: `Customer ${header}` } } : null;
  app.post('/broadcasting/auth', async (req) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    return broadcast.authorizeChannel({
      socketId: body.socket_id,
      channelName: body.channel_name,
      customer: customerOf(req.headers['x-test-customer']),
    });
  });
  app.post('/broadcasting/user-auth', async (req) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const customer = customerOf(req.headers['x-test-customer']);
    return broadcast.authenticateUser({
      socketId: body.socket_id,
      user: customer ? { id: customer.id, user_info: customer.info } : null,
    });
  });
  return listen(app);
}
