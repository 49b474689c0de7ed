// The client side of a realtime test, written once: credentials, a cleanup list for afterEach,
// a listening test server, real pusher-js clients and waiting for their events. This package's
// tests and the api's realtime tests (`@remit/pusher-server/testing`) build their servers on it.
import type { FastifyInstance } from 'fastify';
import PusherClient, { type Options as PusherClientOptions } from 'pusher-js';

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

/** Listens on a free local port, closes the app at cleanup. */
export async function listen(app: FastifyInstance): Promise<TestServer> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  onCleanup(() => app.close());
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, port, origin: `http://127.0.0.1:${port}` };
}

/**
 * pusher-js (its node build, unmodified) configured for a test server whose /broadcasting/auth and
 * /broadcasting/user-auth take the signed-in customer from the `x-test-customer` header.
 */
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
