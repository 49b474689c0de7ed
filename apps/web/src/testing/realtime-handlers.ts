import { realtimeEndpoints, type AppConfigResponse, type RealtimeClientConfig } from '@remit/contract';
import { http, HttpResponse } from 'msw';

/** The api's answer in built-in mode (same origin, page host and port). */
export function builtinRealtimeConfig(overrides: Partial<RealtimeClientConfig> = {}): RealtimeClientConfig {
  return {
    driver: 'pusher',
    mode: 'builtin',
    key: 'remit-local',
    cluster: 'eu',
    ws_host: null,
    ws_port: null,
    force_tls: false,
    auth_endpoint: '/broadcasting/auth',
    user_auth_endpoint: '/broadcasting/user-auth',
    namespace: 'App.Events',
    ...overrides,
  };
}

/** The api's answer with hosted Pusher configured. */
export function hostedRealtimeConfig(overrides: Partial<RealtimeClientConfig> = {}): RealtimeClientConfig {
  return builtinRealtimeConfig({ mode: 'hosted', key: 'hosted-key', force_tls: true, ...overrides });
}

export const appConfigHandler = (realtime: RealtimeClientConfig) =>
  http.get<never, never, AppConfigResponse>(realtimeEndpoints.getAppConfig.path, () => HttpResponse.json({ realtime }));

/**
 * By default unit tests run without live updates: app-config answers 503, so the signed-in layout
 * renders without opening a WebSocket. Realtime tests opt in with `server.use(appConfigHandler(...))`
 * or mock '@/lib/echo'.
 */
export const realtimeHandlers = [
  http.get(realtimeEndpoints.getAppConfig.path, () =>
    HttpResponse.json({ message: 'Service Unavailable' }, { status: 503 }),
  ),
];
