// Test rig for the api's realtime side: a tiny Fastify app with @remit/pusher-server and the api's
// /broadcasting answers, real pusher-js clients, and cleanup of everything in afterEach.
// (The server itself is tested in packages/pusher-server.)
import formbody from '@fastify/formbody';
import { pusherServer, type PusherServerOptions } from '@remit/pusher-server';
import Fastify, { type FastifyInstance } from 'fastify';
import PusherClient, { type Options as PusherClientOptions } from 'pusher-js';
import { AppError } from '../../src/lib/app-error.ts';
import { createBroadcastAuth } from '../../src/modules/realtime/auth-responses.ts';

export const APP_ID = '1001';
export const KEY = 'test-key';
export const SECRET = 'test-secret';
export const CREDS = { key: KEY, secret: SECRET };

(PusherClient as unknown as { logToConsole: boolean }).logToConsole = false;

const cleanups: Array<() => Promise<void> | void> = [];

export function onCleanup(fn: () => Promise<void> | void): void {
  cleanups.push(fn);
}

/** Runs every cleanup registered since the last call (newest first). Call in afterEach. */
export async function cleanup(): Promise<void> {
  while (cleanups.length > 0) {
    const fn = cleanups.pop();
    try {
      await fn?.();
    } catch {
      /* keep cleaning */
    }
  }
}

export interface TestServer {
  app: FastifyInstance;
  port: number;
  origin: string;
}

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
  await app.listen({ host: '127.0.0.1', port: 0 });
  onCleanup(() => app.close());
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, port, origin: `http://127.0.0.1:${port}` };
}

/** pusher-js (its node build, unmodified) configured for the built-in server. */
export function pusherClient(
  server: TestServer,
  customerId: string | null,
  overrides: Partial<PusherClientOptions> = {},
): PusherClient {
  const headers = customerId ? { 'x-test-customer': customerId } : {};
  const client = new PusherClient(KEY, {
    cluster: 'eu',
    wsHost: '127.0.0.1',
    wsPort: server.port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    channelAuthorization: { endpoint: `${server.origin}/broadcasting/auth`, transport: 'ajax', headers },
    userAuthentication: { endpoint: `${server.origin}/broadcasting/user-auth`, transport: 'ajax', headers },
    ...overrides,
  });
  onCleanup(() => client.disconnect());
  return client;
}

export function timeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Timed out after ${ms} ms waiting for ${what}`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

interface Bindable {
  bind(event: string, callback: (data: unknown) => void): unknown;
  unbind(event: string, callback: (data: unknown) => void): unknown;
}

/** Resolves with the next `event` on a pusher-js channel, connection or user. */
export function nextEvent<T = unknown>(target: Bindable, event: string, ms = 3000): Promise<T> {
  return timeout(
    new Promise<T>((resolve) => {
      const handler = (data: unknown) => {
        target.unbind(event, handler);
        resolve(data as T);
      };
      target.bind(event, handler);
    }),
    ms,
    event,
  );
}

export async function connected(client: PusherClient): Promise<string> {
  if (client.connection.state !== 'connected') await nextEvent(client.connection, 'connected');
  return client.connection.socket_id;
}
