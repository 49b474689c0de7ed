// Test rig for the server: a bare Fastify app with the plugin and small channel-auth and
// user-auth routes of its own, real pusher-js clients, raw ws clients, and cleanup of everything
// in afterEach.
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import PusherClient, { type Options as PusherClientOptions } from 'pusher-js';
import { WebSocket } from 'ws';
import { isValidSocketId, pusherServer, signChannel, signUser, type PusherServerOptions } from '../src/index.ts';

export const APP_ID = '1001';
export const KEY = 'test-key';
export const SECRET = 'test-secret';
export const CREDS = { key: KEY, secret: SECRET };

/** The private channel of one customer, as an app built on Laravel Echo names it (`Echo.private('customer.' + id)`). */
export function customerChannel(customerId: string | number): string {
  return `private-customer.${customerId}`;
}

/** The event name Laravel Echo with namespace `App.Events` binds, e.g. `App\Events\TasksChanged`. */
export function eventName(event: string): string {
  return `App.Events.${event}`.replace(/\./g, '\\');
}

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
  await app.listen({ host: '127.0.0.1', port: 0 });
  onCleanup(() => app.close());
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, port, origin: `http://127.0.0.1:${port}` };
}

/** pusher-js (its node build, unmodified) configured for this server. */
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
