/**
 * Realtime (docs/product/realtime.md): ONE Laravel Echo instance over pusher-js, built
 * lazily from GET /client/v1/app-config so one build runs against the api's built-in
 * Pusher-protocol server or hosted Pusher. laravel-echo and pusher-js are imported dynamically:
 * they load after sign-in, never with the sign-in page.
 */
import type { RealtimeClientConfig, RealtimeEventName } from '@remit/contract';
import type Echo from 'laravel-echo';
import { config as appConfig } from '@/config/env';
import { loadApi } from './api-loader';
import { setSocketIdSource } from './socket-id';

export type EchoInstance = Echo<'pusher'>;

/** pusher-js connection states (https://pusher.com/docs/channels/using_channels/connection/). */
export type ConnectionState = 'initialized' | 'connecting' | 'connected' | 'unavailable' | 'failed' | 'disconnected';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** The XSRF-TOKEN cookie's value (set by GET /sanctum/csrf-cookie), URI-decoded as lib/http-client.ts reads it. */
export function readXsrfToken(cookies: string = typeof document === 'undefined' ? '' : document.cookie): string | null {
  for (const part of cookies.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === XSRF_COOKIE) {
      const value = rest.join('=');
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return null;
}

/**
 * The anti-forgery token header from the page, or a bearer authorization header if a token is
 * configured (docs/product/realtime.md#authorisation). Read on every auth request (the cookie may
 * have been renewed).
 */
export function broadcastAuthHeaders(
  bearerToken: string | undefined = appConfig.broadcastBearerToken,
): Record<string, string> {
  if (bearerToken) return { Authorization: `Bearer ${bearerToken}` };
  const xsrf = readXsrfToken();
  return xsrf ? { [XSRF_HEADER]: xsrf } : {};
}

export interface EchoEnvironment {
  /** Base URL of the api ('' = same origin), from config/env.ts. */
  apiBaseUrl: string;
  /** The page's location (host and port of the built-in server when the api is same-origin). */
  location: Pick<Location, 'protocol' | 'hostname' | 'port'>;
  bearerToken?: string | undefined;
}

/**
 * The Echo (and pusher-js) options for a realtime config. Pure, so both modes are unit-tested.
 * Built-in: the api's host and port (the page's when the api is same-origin), TLS when the api
 * says so or the page is https. Hosted: key + cluster + TLS; pusher-js derives the host.
 */
export function buildEchoOptions(rt: RealtimeClientConfig, env: EchoEnvironment) {
  const endpoint = (path: string) => `${env.apiBaseUrl}${path}`;
  const headersProvider = () => broadcastAuthHeaders(env.bearerToken);
  const common = {
    broadcaster: 'pusher' as const,
    key: rt.key,
    cluster: rt.cluster,
    enabledTransports: ['ws', 'wss'] as Array<'ws' | 'wss'>,
    disableStats: true,
    namespace: rt.namespace,
    authEndpoint: endpoint(rt.auth_endpoint),
    channelAuthorization: {
      endpoint: endpoint(rt.auth_endpoint),
      transport: 'ajax' as const,
      headers: {},
      headersProvider,
    },
    userAuthentication: {
      endpoint: endpoint(rt.user_auth_endpoint),
      transport: 'ajax' as const,
      headers: {},
      headersProvider,
    },
    // Echo's axios/jQuery interceptors look for globals; this app has none.
    withoutInterceptors: true,
  };
  if (rt.mode === 'hosted') return { ...common, forceTLS: true };

  const origin: Pick<Location, 'protocol' | 'hostname' | 'port'> = env.apiBaseUrl
    ? new URL(env.apiBaseUrl)
    : env.location;
  const forceTLS = rt.force_tls || origin.protocol === 'https:';
  const port = rt.ws_port ?? (origin.port ? Number(origin.port) : forceTLS ? 443 : 80);
  return { ...common, forceTLS, wsHost: rt.ws_host ?? origin.hostname, wsPort: port, wssPort: port };
}

/**
 * GET /client/v1/app-config, parsed with the contract. A background call: plain fetch, so it
 * neither moves the progress bar nor triggers the 401 redirect of the http client.
 */
export async function fetchRealtimeConfig(): Promise<RealtimeClientConfig> {
  const { contract } = await loadApi();
  const endpoint = contract.realtimeEndpoints.getAppConfig;
  const res = await fetch(`${appConfig.apiBaseUrl}${endpoint.path}`, {
    credentials: 'include',
    headers: { Accept: 'application/json' },
  });
  if (!res.ok) throw new Error(`app-config answered ${res.status}`);
  return endpoint.response.parse(await res.json()).realtime;
}

let instance: Promise<EchoInstance> | null = null;

/** The one Echo instance, created (and connected) on first use. */
export function getEcho(): Promise<EchoInstance> {
  instance ??= (async () => {
    const [rt, { default: EchoClass }, { default: Pusher }] = await Promise.all([
      fetchRealtimeConfig(),
      import('laravel-echo'),
      import('pusher-js'),
    ]);
    const options = buildEchoOptions(rt, {
      apiBaseUrl: appConfig.apiBaseUrl,
      location: window.location,
      bearerToken: appConfig.broadcastBearerToken,
    });
    const echo = new EchoClass<'pusher'>({ ...options, Pusher } as never);
    setSocketIdSource(() => echo.socketId());
    return echo;
  })().catch((error: unknown) => {
    instance = null; // a failed config or chunk load may succeed next time
    throw error;
  });
  return instance;
}

/** Disconnects and forgets the instance (logout, revoked session): the next sign-in starts fresh. */
export function disconnectEcho(): void {
  const current = instance;
  instance = null;
  setSocketIdSource(null);
  void current?.then(
    (echo) => echo.disconnect(),
    () => undefined,
  );
}

/** Minimal view of pusher-js's connection used for status reporting (and faked in tests). */
interface Bindable {
  state: string;
  bind(event: 'state_change', cb: (states: { previous: string; current: string }) => void): unknown;
  unbind(event: 'state_change', cb: (states: { previous: string; current: string }) => void): unknown;
}

/** Calls `listener` with the connection state now and on every change; returns the unsubscribe. */
export function onConnectionState(echo: EchoInstance, listener: (state: ConnectionState) => void): () => void {
  const connection = (echo.connector as unknown as { pusher: { connection: Bindable } }).pusher.connection;
  const handler = ({ current }: { current: string }) => listener(current as ConnectionState);
  connection.bind('state_change', handler);
  listener(connection.state as ConnectionState);
  return () => connection.unbind('state_change', handler);
}

export type CustomerEventHandlers = Partial<Record<RealtimeEventName, (payload: Record<string, unknown>) => void>>;

/** The private channel Echo subscribes for a customer: `private-customer.{id}`. */
export function customerChannelName(customerId: string): string {
  return `customer.${customerId}`;
}
