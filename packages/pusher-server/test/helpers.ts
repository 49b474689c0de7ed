// Test rig for the server: a bare Fastify app with the plugin and small channel-auth and
// user-auth routes of its own, raw ws clients, and (from clients.ts, shared with the api's tests)
// real pusher-js clients and cleanup of everything in afterEach.
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { WebSocket } from 'ws';
import { isValidSocketId, pusherServer, signChannel, signUser, type PusherServerOptions } from '../src/index.ts';
import { APP_ID, CREDS, KEY, SECRET, listen, onCleanup, timeout, type TestServer } from './clients.ts';

export * from './clients.ts';

/** The private channel of one customer, as an app built on Laravel Echo names it (`Echo.private('customer.' + id)`). */
export function customerChannel(customerId: string | number): string {
  return `private-customer.${customerId}`;
}

/** The event name Laravel Echo with namespace `App.Events` binds, e.g. `App\Events\TasksChanged`. */
export function eventName(event: string): string {
  return `App.Events.${event}`.replace(/\./g, '\\');
}

interface TestCustomer {
  id: string;
  info: { name: string };
}

/**
 * Starts Fastify + pusherServer + /broadcasting/auth and /broadcasting/user-auth routes that sign
 * `private-customer.{id}` and `presence-customer.{id}` for the signed-in customer only (403 for
 * any other channel). The signed-in customer is the `x-test-customer` header (none → 401).
 * `fastifyOptions` go to Fastify itself (e.g. `trustProxy`).
 */
export async function startServer(
  options: Partial<PusherServerOptions> = {},
  setup?: (app: FastifyInstance) => void,
  fastifyOptions: FastifyServerOptions = {},
): Promise<TestServer> {
  const app = Fastify({ logger: false, ...fastifyOptions });
  setup?.(app);
  // pusher-js posts its auth requests form-encoded.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  await app.register(pusherServer, { appId: APP_ID, key: KEY, secret: SECRET, ...options });
  const customerOf = (header: unknown): TestCustomer | null =>
    typeof header === 'string' && header !== '' ? { id: header, info: { name: `Customer ${header}` } } : null;

  app.post('/broadcasting/auth', async (req, reply) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const customer = customerOf(req.headers['x-test-customer']);
    if (!customer) return reply.code(401).send({ message: 'Unauthenticated.' });
    const { socket_id: socketId, channel_name: channel } = body;
    if (!isValidSocketId(socketId)) return reply.code(422).send({ message: 'The socket id is invalid.' });
    if (channel === customerChannel(customer.id)) return { auth: signChannel(CREDS, socketId, channel) };
    if (channel === `presence-customer.${customer.id}`) {
      const channelData = JSON.stringify({ user_id: customer.id, user_info: customer.info });
      return { auth: signChannel(CREDS, socketId, channel, channelData), channel_data: channelData };
    }
    return reply.code(403).send({ message: 'This action is unauthorized.' });
  });
  app.post('/broadcasting/user-auth', async (req, reply) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const customer = customerOf(req.headers['x-test-customer']);
    if (!customer) return reply.code(401).send({ message: 'Unauthenticated.' });
    if (!isValidSocketId(body.socket_id)) return reply.code(422).send({ message: 'The socket id is invalid.' });
    const userData = JSON.stringify({ id: customer.id, user_info: customer.info });
    return { auth: signUser(CREDS, body.socket_id, userData), user_data: userData };
  });
  return listen(app);
}

/** A raw ws client that records every message and the close code. */
export interface RawClient {
  ws: WebSocket;
  messages: Array<{ event: string; channel?: string; data?: unknown }>;
  next(event: string, ms?: number): Promise<{ event: string; channel?: string; data?: unknown }>;
  closed: Promise<{ code: number; reason: string }>;
  send(msg: unknown): void;
}

export const CLIENT_PATH = `/app/${KEY}?protocol=7&client=js&version=8.6.0`;

export function rawClient(
  server: TestServer,
  path = CLIENT_PATH,
  options: { headers?: Record<string, string> } = {},
): RawClient {
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}${path}`, { perMessageDeflate: false, ...options });
  const messages: RawClient['messages'] = [];
  const waiters: Array<{ event: string; resolve: (m: RawClient['messages'][number]) => void }> = [];
  ws.on('message', (buf) => {
    const msg = JSON.parse(String(buf)) as RawClient['messages'][number];
    messages.push(msg);
    const i = waiters.findIndex((w) => w.event === msg.event);
    if (i >= 0) waiters.splice(i, 1)[0]?.resolve(msg);
  });
  ws.on('error', () => undefined);
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  onCleanup(() => ws.terminate());
  return {
    ws,
    messages,
    closed,
    next(event, ms = 3000) {
      const seen = messages.find((m) => m.event === event);
      if (seen) {
        messages.splice(messages.indexOf(seen), 1);
        return Promise.resolve(seen);
      }
      return timeout(
        new Promise((resolve) => {
          waiters.push({
            event,
            resolve: (m) => {
              messages.splice(messages.indexOf(m), 1);
              resolve(m);
            },
          });
        }),
        ms,
        `raw ${event}`,
      );
    },
    send(msg) {
      ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg));
    },
  };
}

/** The socket id from a raw client's connection_established. */
export async function rawSocketId(client: RawClient): Promise<string> {
  const msg = await client.next('pusher:connection_established');
  return (JSON.parse(msg.data as string) as { socket_id: string }).socket_id;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
