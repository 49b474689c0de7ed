import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/testing/server';
import { appConfigHandler, builtinRealtimeConfig, hostedRealtimeConfig } from '@/testing/realtime-handlers';
import {
  broadcastAuthHeaders,
  buildEchoOptions,
  disconnectEcho,
  fetchRealtimeConfig,
  getEcho,
  readXsrfToken,
} from './echo';

const created: Array<{ options: Record<string, unknown>; disconnect: ReturnType<typeof vi.fn> }> = [];

vi.mock('laravel-echo', () => ({
  default: class FakeEcho {
    options: Record<string, unknown>;
    disconnect = vi.fn();
    constructor(options: Record<string, unknown>) {
      this.options = options;
      created.push(this);
    }
  },
}));
vi.mock('pusher-js', () => ({ default: class FakePusher {} }));

const page = { protocol: 'http:', hostname: 'localhost', port: '8181' };

describe('buildEchoOptions', () => {
  it('built-in mode: the page’s host and port, no TLS on http, endpoints from the config', () => {
    const o = buildEchoOptions(builtinRealtimeConfig(), { apiBaseUrl: '', location: page });
    expect(o).toMatchObject({
      broadcaster: 'pusher',
      key: 'remit-local',
      cluster: 'eu',
      forceTLS: false,
      wsHost: 'localhost',
      wsPort: 8181,
      wssPort: 8181,
      enabledTransports: ['ws', 'wss'],
      namespace: 'App.Events',
      authEndpoint: '/broadcasting/auth',
      channelAuthorization: { endpoint: '/broadcasting/auth', transport: 'ajax' },
      userAuthentication: { endpoint: '/broadcasting/user-auth', transport: 'ajax' },
    });
  });

  it('built-in mode behind https (default port): TLS on 443', () => {
    const o = buildEchoOptions(builtinRealtimeConfig({ force_tls: true }), {
      apiBaseUrl: '',
      location: { protocol: 'https:', hostname: 'app.example.com', port: '' },
    });
    expect(o).toMatchObject({ forceTLS: true, wsHost: 'app.example.com', wsPort: 443, wssPort: 443 });
  });

  it('built-in mode with a separate api origin uses the api’s host and prefixes the endpoints', () => {
    const o = buildEchoOptions(builtinRealtimeConfig(), { apiBaseUrl: 'https://api.example.com:8443', location: page });
    expect(o).toMatchObject({ forceTLS: true, wsHost: 'api.example.com', wsPort: 8443 });
    expect(o.channelAuthorization.endpoint).toBe('https://api.example.com:8443/broadcasting/auth');
    expect(o.userAuthentication.endpoint).toBe('https://api.example.com:8443/broadcasting/user-auth');
  });

  it('hosted mode: key, cluster eu, TLS forced, no host (pusher-js derives it from the cluster)', () => {
    const o = buildEchoOptions(hostedRealtimeConfig(), { apiBaseUrl: '', location: page });
    expect(o).toMatchObject({ key: 'hosted-key', cluster: 'eu', forceTLS: true });
    expect(o).not.toHaveProperty('wsHost');
    expect(o).not.toHaveProperty('wsPort');
  });

  it('auth headers are read on every request: the XSRF cookie, or the bearer token when configured', () => {
    const o = buildEchoOptions(builtinRealtimeConfig(), { apiBaseUrl: '', location: page });
    document.cookie = 'XSRF-TOKEN=first%3Dvalue; path=/';
    expect(o.channelAuthorization.headersProvider()).toEqual({ 'X-XSRF-TOKEN': 'first=value' });
    document.cookie = 'XSRF-TOKEN=second; path=/';
    expect(o.userAuthentication.headersProvider()).toEqual({ 'X-XSRF-TOKEN': 'second' });

    const bearer = buildEchoOptions(builtinRealtimeConfig(), { apiBaseUrl: '', location: page, bearerToken: 'tok' });
    expect(bearer.channelAuthorization.headersProvider()).toEqual({ Authorization: 'Bearer tok' });
  });
});

describe('XSRF token', () => {
  it('reads and decodes the XSRF-TOKEN cookie among others', () => {
    expect(readXsrfToken('a=1; XSRF-TOKEN=abc%3D%3D; b=2')).toBe('abc==');
    expect(readXsrfToken('a=1')).toBeNull();
  });

  it('no cookie and no token: no header', () => {
    expect(broadcastAuthHeaders(undefined)).toEqual({});
  });
});

describe('getEcho', () => {
  beforeEach(() => {
    created.length = 0;
  });
  afterEach(() => disconnectEcho());

  it('fetches /client/v1/app-config (parsed with the contract) and creates ONE Echo with pusher-js', async () => {
    server.use(appConfigHandler(builtinRealtimeConfig()));
    expect(await fetchRealtimeConfig()).toEqual(builtinRealtimeConfig());
    const [a, b] = await Promise.all([getEcho(), getEcho()]);
    expect(a).toBe(b);
    expect(created).toHaveLength(1);
    expect(created[0]!.options).toMatchObject({ broadcaster: 'pusher', key: 'remit-local', namespace: 'App.Events' });
    expect(created[0]!.options.Pusher).toBeTypeOf('function');
  });

  it('disconnects on logout and starts fresh afterwards', async () => {
    server.use(appConfigHandler(builtinRealtimeConfig()));
    const first = await getEcho();
    disconnectEcho();
    await Promise.resolve();
    expect((first as unknown as { disconnect: ReturnType<typeof vi.fn> }).disconnect).toHaveBeenCalled();
    const second = await getEcho();
    expect(second).not.toBe(first);
  });

  it('a failed config load rejects and is retried on the next call', async () => {
    await expect(getEcho()).rejects.toBeTruthy(); // default handler: 503
    server.use(appConfigHandler(hostedRealtimeConfig()));
    await expect(getEcho()).resolves.toBeTruthy();
    expect(created.at(-1)!.options).toMatchObject({ key: 'hosted-key', forceTLS: true });
  });
});
